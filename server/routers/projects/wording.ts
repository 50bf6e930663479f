import { getProjectWording, setProjectWording } from "@/server/domain/gameplay";
import { adminProcedure } from "@/server/trpc/procedures";
import { getWordingMeta, putWordingMeta, ZGetWordingRequestSchema, ZPutWordingRequestSchema, ZWordingResponseSchema } from "./wording.types";

export const getWordingRoute = adminProcedure
  .meta(getWordingMeta)
  .input(ZGetWordingRequestSchema)
  .output(ZWordingResponseSchema)
  .query(({ ctx, input }) => getProjectWording({ accountId: ctx.admin.accountId, projectId: input.project_id, lang: input.lang }));

export const putWordingRoute = adminProcedure
  .meta(putWordingMeta)
  .input(ZPutWordingRequestSchema)
  .output(ZWordingResponseSchema)
  .mutation(({ ctx, input }) => setProjectWording({ accountId: ctx.admin.accountId, projectId: input.project_id, lang: input.lang, overrides: input.overrides, requestId: ctx.requestId }));
