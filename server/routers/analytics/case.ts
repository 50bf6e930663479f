import { getCaseStudy } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { caseMeta, ZProjectRequestSchema, ZCaseResponseSchema } from "./analytics.types";

export const caseRoute = adminProcedure
  .meta(caseMeta)
  .input(ZProjectRequestSchema)
  .output(ZCaseResponseSchema)
  .query(({ ctx, input }) => getCaseStudy({ accountId: ctx.admin.accountId, projectId: input.project_id }));
