import { randomUUID } from "node:crypto";
import { grantFromAdmin } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { adminGrantMeta, ZAdminGrantResponseSchema, ZAdminGrantSchema } from "./economy.types";

export const adminGrantRoute = adminProcedure
  .meta(adminGrantMeta)
  .input(ZAdminGrantSchema)
  .output(ZAdminGrantResponseSchema)
  .mutation(({ ctx, input }) =>
    grantFromAdmin({
      accountId: ctx.admin.accountId,
      projectId: input.project_id,
      externalUserId: input.external_user_id,
      resourceId: input.resource_id,
      amount: input.amount,
      idempotencyKey: input.idempotency_key ?? `admin:${randomUUID()}`,
      requestId: ctx.requestId,
    }),
  );
