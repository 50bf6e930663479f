import { routePolicy } from "@/server/trpc/policy";
import { config } from "@/server/config/env";
import { applyCommand } from "@/server/domain/gameplay";
import { playerProcedure } from "@/server/trpc/procedures";
import { commandMeta, ZCommandRequestSchema, ZCommandResponseSchema } from "./game-runs.types";

export const commandRoute = playerProcedure
  .meta(commandMeta)
  .input(ZCommandRequestSchema)
  .use(routePolicy)
  .output(ZCommandResponseSchema)
  .mutation(({ ctx, input }) =>
    applyCommand({
      player: ctx.player,
      limits: ctx.limits,
      runId: input.run_id,
      origin: ctx.origin,
      apiOrigin: config().publicOrigin,
      clientVersion: ctx.header("x-service-client-version"),
      clientIdempotencyKey: ctx.header("idempotency-key"),
      requestId: ctx.requestId,
      input: { commandId: input.command_id, sequence: input.sequence, action: input.action, payload: input.payload },
    }),
  );
