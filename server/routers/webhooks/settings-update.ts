import { updateWebhookSettings } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { settingsUpdateMeta, ZSettingsSchema, ZSettingsUpdateSchema } from "./webhooks.types";

export const settingsUpdateRoute = adminProcedure
  .meta(settingsUpdateMeta)
  .input(ZSettingsUpdateSchema)
  .output(ZSettingsSchema)
  .mutation(({ ctx, input }) => {
    const { project_id, ...patch } = input;
    return updateWebhookSettings({ accountId: ctx.admin.accountId, projectId: project_id, patch, requestId: ctx.requestId });
  });
