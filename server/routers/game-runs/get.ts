import { routePolicy } from "@/server/trpc/policy";
import { getRun } from "@/server/domain/gameplay";
import { playerProcedure } from "@/server/trpc/procedures";
import { getMeta, ZGameRunSchema, ZGetRequestSchema } from "./game-runs.types";

export const getRunRoute = playerProcedure
  .meta(getMeta)
  .input(ZGetRequestSchema)
  .use(routePolicy)
  .output(ZGameRunSchema)
  .query(({ ctx, input }) => getRun({ player: ctx.player, runId: input.run_id }));
