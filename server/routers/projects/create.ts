import { createProject } from "@/server/domain/workspace";
import { adminProcedure } from "@/server/trpc/procedures";
import { createMeta, ZCreateRequestSchema } from "./create.types";
import { ZProjectDetailResponseSchema } from "./shared.types";

export const createProjectRoute = adminProcedure
  .meta(createMeta)
  .input(ZCreateRequestSchema)
  .output(ZProjectDetailResponseSchema.omit({ play_settings: true, backgrounds: true }))
  .mutation(({ ctx, input }) => createProject({ accountId: ctx.admin.accountId, fields: input, requestId: ctx.requestId }));
