import { getInbox } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { inboxMeta, ZInboxResponseSchema, ZProjectInput } from "./webhooks.types";

export const inboxRoute = adminProcedure
  .meta(inboxMeta)
  .input(ZProjectInput)
  .output(ZInboxResponseSchema)
  .query(({ ctx, input }) => getInbox({ accountId: ctx.admin.accountId, projectId: input.project_id }));
