import { getEconomySettings } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { settingsMeta, ZProjectInput, ZSettingsResponseSchema } from "./economy.types";

export const economySettingsRoute = adminProcedure
  .meta(settingsMeta)
  .input(ZProjectInput)
  .output(ZSettingsResponseSchema)
  .query(({ ctx, input }) => getEconomySettings({ accountId: ctx.admin.accountId, projectId: input.project_id }));
