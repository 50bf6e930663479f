import { saveWheelDraft } from "@/server/domain/money";
import { adminOriginProcedure } from "@/server/trpc/procedures";
import { draftPutMeta, ZDraftPutSchema, ZDraftViewSchema } from "./wheel-admin.types";

export const wheelDraftPutRoute = adminOriginProcedure
  .meta(draftPutMeta)
  .input(ZDraftPutSchema)
  .output(ZDraftViewSchema)
  .mutation(({ ctx, input }) => {
    const { project_id, wheel_id, ...draft } = input;
    return saveWheelDraft({ accountId: ctx.admin.accountId, projectId: project_id, wheelId: wheel_id, draft, requestId: ctx.requestId });
  });
