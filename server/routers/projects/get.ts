import { getProject } from "@/server/domain/workspace";
import { adminProcedure } from "@/server/trpc/procedures";
import { getMeta } from "./get.types";
import { ZProjectDetailResponseSchema, ZProjectIdInput } from "./shared.types";

export const getProjectRoute = adminProcedure
  .meta(getMeta)
  .input(ZProjectIdInput)
  .output(ZProjectDetailResponseSchema)
  .query(({ ctx, input }) => getProject({ accountId: ctx.admin.accountId, projectId: input.project_id }));
