import { listInvoices } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { invoicesMeta, ZEmptyRequestSchema, ZInvoicesResponseSchema } from "./billing.types";

export const invoicesRoute = adminProcedure
  .meta(invoicesMeta)
  .input(ZEmptyRequestSchema)
  .output(ZInvoicesResponseSchema)
  .query(({ ctx }) => listInvoices({ accountId: ctx.admin.accountId }));
