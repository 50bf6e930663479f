import { sendTestWebhook } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { testMeta, ZTestRequestSchema, ZTestResponseSchema } from "./webhooks.types";

export const testWebhookRoute = adminProcedure
  .meta(testMeta)
  .input(ZTestRequestSchema)
  .output(ZTestResponseSchema)
  .mutation(({ ctx, input }) => sendTestWebhook({ accountId: ctx.admin.accountId, projectId: input.project_id, webhookUrl: input.webhook_url, requestId: ctx.requestId }));
