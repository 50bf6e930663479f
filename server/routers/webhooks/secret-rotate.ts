import { rotateWebhookSecret } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { rotateMeta, ZProjectInput, ZSecretResponseSchema } from "./webhooks.types";

export const rotateSecretRoute = adminProcedure
  .meta(rotateMeta)
  .input(ZProjectInput)
  .output(ZSecretResponseSchema)
  .mutation(({ ctx, input }) => rotateWebhookSecret({ accountId: ctx.admin.accountId, projectId: input.project_id, requestId: ctx.requestId }));
