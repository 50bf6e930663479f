import { routePolicy } from "@/server/trpc/policy";
import { config } from "@/server/config/env";
import { markSpinSeen } from "@/server/domain/money";
import { playerProcedure } from "@/server/trpc/procedures";
import { seenMeta, ZSpinIdRequestSchema, ZSpinSchema } from "./wheel.types";

export const spinSeenRoute = playerProcedure
  .meta(seenMeta)
  .input(ZSpinIdRequestSchema)
  .use(routePolicy)
  .output(ZSpinSchema)
  .mutation(({ ctx, input }) => {
    ctx.responseHeaders.push(["Cache-Control", "no-store"]);
    return markSpinSeen({ player: ctx.player, spinId: input.spin_id, origin: ctx.origin, apiOrigin: config().publicOrigin, limits: ctx.limits });
  });
