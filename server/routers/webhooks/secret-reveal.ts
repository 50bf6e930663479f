import { revealWebhookSecret } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { revealMeta, ZProjectInput, ZSecretResponseSchema } from "./webhooks.types";

export const revealSecretRoute = adminProcedure
  .meta(revealMeta)
  .input(ZProjectInput)
  .output(ZSecretResponseSchema)
  .mutation(({ ctx, input }) => revealWebhookSecret({ accountId: ctx.admin.accountId, projectId: input.project_id, requestId: ctx.requestId }));
