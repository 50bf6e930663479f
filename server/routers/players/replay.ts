import { getRunReplay } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { replayMeta, ZReplayRequestSchema, ZReplayResponseSchema } from "./players.types";

export const runReplayRoute = adminProcedure
  .meta(replayMeta)
  .input(ZReplayRequestSchema)
  .output(ZReplayResponseSchema)
  .query(({ ctx, input }) => getRunReplay({ accountId: ctx.admin.accountId, projectId: input.project_id, runId: input.run_id }));
