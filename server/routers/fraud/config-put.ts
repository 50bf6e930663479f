import { setFraudConfig } from "@/server/domain/trust";
import { adminProcedure } from "@/server/trpc/procedures";
import { configPutMeta, ZFraudConfigPutSchema, ZFraudConfigSchema } from "./fraud.types";

export const setConfigRoute = adminProcedure
  .meta(configPutMeta)
  .input(ZFraudConfigPutSchema)
  .output(ZFraudConfigSchema)
  .mutation(({ ctx, input }) => setFraudConfig({ accountId: ctx.admin.accountId, projectId: input.project_id, config: { thresholds: input.thresholds, hold_minutes: input.hold_minutes, rules: input.rules }, requestId: ctx.requestId }));
