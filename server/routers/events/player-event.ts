import { routePolicy } from "@/server/trpc/policy";
import { ingestPlayerEvent } from "@/server/domain/gameplay";
import { playerProcedure } from "@/server/trpc/procedures";
import { playerEventMeta, ZPlayerEventRequestSchema } from "./player-event.types";
import { ZEventAccepted } from "./shared.types";

export const playerEventRoute = playerProcedure
  .meta(playerEventMeta)
  .input(ZPlayerEventRequestSchema)
  .use(routePolicy)
  .output(ZEventAccepted)
  .mutation(({ ctx, input }) => ingestPlayerEvent({ player: ctx.player, type: input.type, payload: input.payload, sessionId: input.session_id, requestId: ctx.requestId }));
