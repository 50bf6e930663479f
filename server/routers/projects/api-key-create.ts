import { createApiKey } from "@/server/domain/identity";
import { adminProcedure } from "@/server/trpc/procedures";
import { keysCreateMeta, ZKeysCreateRequestSchema, ZKeysCreateResponseSchema } from "./api-key-create.types";

export const createKeyRoute = adminProcedure
  .meta(keysCreateMeta)
  .input(ZKeysCreateRequestSchema)
  .output(ZKeysCreateResponseSchema)
  .mutation(({ ctx, input }) =>
    createApiKey({ accountId: ctx.admin.accountId, projectId: input.project_id, name: input.name, scopes: input.scopes, requestId: ctx.requestId }),
  );
