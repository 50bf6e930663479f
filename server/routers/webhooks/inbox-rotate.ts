import { rotateInboxToken } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { inboxRotateMeta, ZInboxRotateResponseSchema, ZProjectInput } from "./webhooks.types";

export const inboxRotateRoute = adminProcedure
  .meta(inboxRotateMeta)
  .input(ZProjectInput)
  .output(ZInboxRotateResponseSchema)
  .mutation(({ ctx, input }) => rotateInboxToken({ accountId: ctx.admin.accountId, projectId: input.project_id, requestId: ctx.requestId }));
