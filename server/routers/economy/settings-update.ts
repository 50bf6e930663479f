import { z } from "zod";
import { updateEconomySettings } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { settingsUpdateMeta, ZSettingsUpdateSchema } from "./economy.types";

export const updateEconomySettingsRoute = adminProcedure
  .meta(settingsUpdateMeta)
  .input(ZSettingsUpdateSchema)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(({ ctx, input }) => updateEconomySettings({ accountId: ctx.admin.accountId, projectId: input.project_id, enabled: input.economy_enabled, config: input.economy_config, requestId: ctx.requestId }));
