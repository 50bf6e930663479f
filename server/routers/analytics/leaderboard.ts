import { getLeaderboard } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { leaderboardMeta, ZProjectRequestSchema, ZLeaderboardResponseSchema } from "./analytics.types";

export const leaderboardRoute = adminProcedure
  .meta(leaderboardMeta)
  .input(ZProjectRequestSchema)
  .output(ZLeaderboardResponseSchema)
  .query(({ ctx, input }) => getLeaderboard({ accountId: ctx.admin.accountId, projectId: input.project_id }));
