import { config } from "@/server/config/env";
import { applyCommand } from "@/server/domain/gameplay";
import { playerProcedure } from "@/server/trpc/procedures";
import { commandMeta, ZCommandRequestSchema, ZCommandResponseSchema } from "./game-runs.types";

export const commandRoute = playerProcedure
  .meta(commandMeta)
  .input(ZCommandRequestSchema)
  .output(ZCommandResponseSchema)
  .mutation(({ ctx, input }) =>
    applyCommand({
      player: ctx.player,
      runId: input.run_id,
      origin: ctx.origin,
      apiOrigin: config().publicOrigin,
      clientVersion: ctx.header("x-service-client-version"),
      clientIdempotencyKey: ctx.header("idempotency-key"),
      input: { commandId: input.command_id, sequence: input.sequence, action: input.action, payload: input.payload },
    }),
  );
