import { clearInbox } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { inboxClearMeta, ZInboxClearResponseSchema, ZProjectInput } from "./webhooks.types";

export const inboxClearRoute = adminProcedure
  .meta(inboxClearMeta)
  .input(ZProjectInput)
  .output(ZInboxClearResponseSchema)
  .mutation(({ ctx, input }) => clearInbox({ accountId: ctx.admin.accountId, projectId: input.project_id, requestId: ctx.requestId }));
