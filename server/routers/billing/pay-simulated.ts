import { paySimulated } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { paySimulatedMeta, ZInvoiceRequestSchema, ZInvoiceResponseSchema } from "./billing.types";

export const paySimulatedRoute = adminProcedure
  .meta(paySimulatedMeta)
  .input(ZInvoiceRequestSchema)
  .output(ZInvoiceResponseSchema)
  .mutation(({ ctx, input }) => paySimulated({ accountId: ctx.admin.accountId, invoiceId: input.invoice_id }));
