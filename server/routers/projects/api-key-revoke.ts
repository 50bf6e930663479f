import { revokeApiKey } from "@/server/domain/identity";
import { adminProcedure } from "@/server/trpc/procedures";
import { keysRevokeMeta, ZKeysRevokeRequestSchema, ZKeysRevokeResponseSchema } from "./api-key-revoke.types";

export const revokeKeyRoute = adminProcedure
  .meta(keysRevokeMeta)
  .input(ZKeysRevokeRequestSchema)
  .output(ZKeysRevokeResponseSchema)
  .mutation(({ ctx, input }) => revokeApiKey({ accountId: ctx.admin.accountId, projectId: input.project_id, keyId: input.key_id, requestId: ctx.requestId }));
