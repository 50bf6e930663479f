import { getWheelDraft } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { draftGetMeta, ZDraftViewSchema, ZProjectWheelInput } from "./wheel-admin.types";

export const wheelDraftRoute = adminProcedure
  .meta(draftGetMeta)
  .input(ZProjectWheelInput)
  .output(ZDraftViewSchema)
  .query(({ ctx, input }) => getWheelDraft({ accountId: ctx.admin.accountId, projectId: input.project_id, wheelId: input.wheel_id }));
