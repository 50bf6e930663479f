import { changePlan } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { upgradeMeta, ZUpgradeRequestSchema, ZUpgradeResponseSchema } from "./billing.types";

export const upgradeRoute = adminProcedure
  .meta(upgradeMeta)
  .input(ZUpgradeRequestSchema)
  .output(ZUpgradeResponseSchema)
  .mutation(({ ctx, input }) => changePlan({ accountId: ctx.admin.accountId, planId: input.plan_id, requestId: ctx.requestId }));
