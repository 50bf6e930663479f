import { publishWheel } from "@/server/domain/money";
import { adminOriginProcedure } from "@/server/trpc/procedures";
import { publishMeta, ZPublishRequestSchema, ZPublishResponseSchema } from "./wheel-admin.types";

export const wheelPublishRoute = adminOriginProcedure
  .meta(publishMeta)
  .input(ZPublishRequestSchema)
  .output(ZPublishResponseSchema)
  .mutation(({ ctx, input }) =>
    publishWheel({ accountId: ctx.admin.accountId, projectId: input.project_id, wheelId: input.wheel_id, expectedDraftHash: input.expected_draft_hash, requestId: ctx.requestId }),
  );
