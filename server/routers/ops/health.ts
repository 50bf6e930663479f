import { publicProcedure } from "@/server/trpc/procedures";
import { healthMeta, ZHealthRequestSchema, ZHealthResponseSchema } from "./health.types";

export const healthRoute = publicProcedure
  .meta(healthMeta)
  .input(ZHealthRequestSchema)
  .output(ZHealthResponseSchema)
  .query(() => ({ status: "ok" as const }));
