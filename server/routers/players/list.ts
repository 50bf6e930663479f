import { listPlayers } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { playersMeta, ZPlayersRequestSchema, ZPlayersResponseSchema } from "./players.types";

export const listPlayersRoute = adminProcedure
  .meta(playersMeta)
  .input(ZPlayersRequestSchema)
  .output(ZPlayersResponseSchema)
  .query(({ ctx, input }) =>
    listPlayers({ accountId: ctx.admin.accountId, projectId: input.project_id, search: input.search, sort: input.sort, order: input.order, limit: input.limit, cursor: input.cursor }),
  );
