import { listApiKeys } from "@/server/domain/identity";
import { adminProcedure } from "@/server/trpc/procedures";
import { keysListMeta, ZKeysListResponseSchema } from "./api-keys-list.types";
import { ZProjectIdInput } from "./shared.types";

export const listKeysRoute = adminProcedure
  .meta(keysListMeta)
  .input(ZProjectIdInput)
  .output(ZKeysListResponseSchema)
  .query(async ({ ctx, input }) => ({ api_keys: await listApiKeys({ accountId: ctx.admin.accountId, projectId: input.project_id }) }));
