import { getBilling } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { billingMeta, ZBillingResponseSchema, ZEmptyRequestSchema } from "./billing.types";

export const billingRoute = adminProcedure
  .meta(billingMeta)
  .input(ZEmptyRequestSchema)
  .output(ZBillingResponseSchema)
  .query(({ ctx }) => getBilling({ accountId: ctx.admin.accountId }));
