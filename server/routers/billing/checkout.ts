import { createCheckout } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { checkoutMeta, ZCheckoutResponseSchema, ZInvoiceRequestSchema } from "./billing.types";

export const checkoutRoute = adminProcedure
  .meta(checkoutMeta)
  .input(ZInvoiceRequestSchema)
  .output(ZCheckoutResponseSchema)
  .mutation(({ ctx, input }) => createCheckout({ accountId: ctx.admin.accountId, invoiceId: input.invoice_id, requestId: ctx.requestId }));
