import { listClaims } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { claimsMeta, ZClaimsRequestSchema, ZClaimsResponseSchema } from "./claims.types";

export const listClaimsRoute = adminProcedure
  .meta(claimsMeta)
  .input(ZClaimsRequestSchema)
  .output(ZClaimsResponseSchema)
  .query(({ ctx, input }) => listClaims({ accountId: ctx.admin.accountId, projectId: input.project_id, status: input.status, externalUserId: input.external_user_id, limit: input.limit }));
