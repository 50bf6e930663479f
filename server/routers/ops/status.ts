import { getStatus } from "@/server/domain/platform";
import { publicProcedure } from "@/server/trpc/procedures";
import { statusMeta, ZStatusRequestSchema, ZStatusResponseSchema } from "./status.types";

export const statusRoute = publicProcedure
  .meta(statusMeta)
  .input(ZStatusRequestSchema)
  .output(ZStatusResponseSchema)
  .query(() => getStatus());
