import { getBilling } from "@/server/domain/money/billing/get-billing";
import { adminProcedure } from "@/server/trpc/procedures";
import { billingMeta, ZBillingResponseSchema, ZEmptyRequestSchema } from "./billing.types";

export const billingRoute = adminProcedure
  .meta(billingMeta)
  .input(ZEmptyRequestSchema)
  .output(ZBillingResponseSchema)
  .query(({ ctx }) => getBilling({ accountId: ctx.admin.accountId }));
