import { getWebhookSettings } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { settingsMeta, ZProjectInput, ZSettingsSchema } from "./webhooks.types";

export const settingsRoute = adminProcedure
  .meta(settingsMeta)
  .input(ZProjectInput)
  .output(ZSettingsSchema)
  .query(({ ctx, input }) => getWebhookSettings({ accountId: ctx.admin.accountId, projectId: input.project_id }));
