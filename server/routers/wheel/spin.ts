import { routePolicy } from "@/server/trpc/policy";
import { config } from "@/server/config/env";
import { spinWheel } from "@/server/domain/money";
import { playerProcedure } from "@/server/trpc/procedures";
import { spinMeta, ZSpinRequestSchema, ZSpinSchema } from "./wheel.types";

export const spinRoute = playerProcedure
  .meta(spinMeta)
  .input(ZSpinRequestSchema)
  .use(routePolicy)
  .output(ZSpinSchema)
  .mutation(({ ctx, input }) => {
    ctx.responseHeaders.push(["Cache-Control", "no-store"]);
    return spinWheel({
      player: ctx.player,
      origin: ctx.origin,
      apiOrigin: config().publicOrigin,
      bodyBytes: ctx.bodyBytes,
      limits: ctx.limits,
      input: { spinId: input.spin_id, wheelId: input.wheel_id, wheelVersion: input.wheel_version, source: input.source },
    });
  });
