import { updateProject } from "@/server/domain/workspace";
import { adminProcedure } from "@/server/trpc/procedures";
import { ZProjectDetailResponseSchema } from "./shared.types";
import { updateMeta, ZUpdateRequestSchema } from "./update.types";

export const updateProjectRoute = adminProcedure
  .meta(updateMeta)
  .input(ZUpdateRequestSchema)
  .output(ZProjectDetailResponseSchema.omit({ play_settings: true, backgrounds: true }))
  .mutation(({ ctx, input }) => {
    const { project_id, ...patch } = input;
    return updateProject({ accountId: ctx.admin.accountId, projectId: project_id, patch, requestId: ctx.requestId });
  });
