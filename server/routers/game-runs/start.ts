import { routePolicy } from "@/server/trpc/policy";
import { config } from "@/server/config/env";
import { startRun } from "@/server/domain/gameplay";
import { playerProcedure } from "@/server/trpc/procedures";
import { startMeta, ZGameRunSchema, ZStartRequestSchema } from "./game-runs.types";

export const startRunRoute = playerProcedure
  .meta(startMeta)
  .input(ZStartRequestSchema)
  .use(routePolicy)
  .output(ZGameRunSchema)
  .mutation(({ ctx, input }) =>
    startRun({
      player: ctx.player,
      limits: ctx.limits,
      origin: ctx.origin,
      apiOrigin: config().publicOrigin,
      ip: ctx.clientIp(),
      input: {
        startId: input.start_id,
        replaceActive: input.replace_active,
        intent: input.intent,
        levelNumber: input.level_number,
        expectedMechanic: input.expected_mechanic,
        supportedGameVersions: input.supported_game_versions,
      },
    }),
  );
