import { getWheelSettings } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { settingsGetMeta, ZProjectInput, ZWheelSettingsSchema } from "./wheel-admin.types";

export const wheelSettingsRoute = adminProcedure
  .meta(settingsGetMeta)
  .input(ZProjectInput)
  .output(ZWheelSettingsSchema)
  .query(({ ctx, input }) => getWheelSettings({ accountId: ctx.admin.accountId, projectId: input.project_id }));
