import { getFraudConfig } from "@/server/domain/trust";
import { adminProcedure } from "@/server/trpc/procedures";
import { configGetMeta, ZProjectRequestSchema, ZFraudConfigSchema } from "./fraud.types";

export const configRoute = adminProcedure
  .meta(configGetMeta)
  .input(ZProjectRequestSchema)
  .output(ZFraudConfigSchema)
  .query(({ ctx, input }) => getFraudConfig({ accountId: ctx.admin.accountId, projectId: input.project_id }));
