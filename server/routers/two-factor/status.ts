import { twoFactorStatus } from "@/server/domain/identity";
import { adminBootstrapProcedure } from "@/server/trpc/procedures";
import { statusMeta, ZEmptyRequestSchema, ZStatusResponseSchema } from "./two-factor.types";

export const twoFactorStatusRoute = adminBootstrapProcedure
  .meta(statusMeta)
  .input(ZEmptyRequestSchema)
  .output(ZStatusResponseSchema)
  .query(({ ctx }) => twoFactorStatus({ accountId: ctx.admin.accountId, sessionVerified: ctx.admin.twoFactorVerified }));
