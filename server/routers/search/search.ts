import { searchConsole } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { searchMeta, ZSearchRequestSchema, ZSearchResponseSchema } from "./search.types";

export const searchRoute = adminProcedure
  .meta(searchMeta)
  .input(ZSearchRequestSchema)
  .output(ZSearchResponseSchema)
  .query(({ ctx, input }) => searchConsole({ accountId: ctx.admin.accountId, q: input.q, projectId: input.project_id }));
