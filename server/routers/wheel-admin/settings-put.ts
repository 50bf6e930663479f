import { updateWheelSettings } from "@/server/domain/money";
import { adminOriginProcedure } from "@/server/trpc/procedures";
import { settingsPutMeta, ZSettingsPutSchema, ZWheelSettingsSchema } from "./wheel-admin.types";

export const wheelSettingsPutRoute = adminOriginProcedure
  .meta(settingsPutMeta)
  .input(ZSettingsPutSchema)
  .output(ZWheelSettingsSchema)
  .mutation(({ ctx, input }) => updateWheelSettings({ accountId: ctx.admin.accountId, projectId: input.project_id, timezone: input.timezone, requestId: ctx.requestId }));
