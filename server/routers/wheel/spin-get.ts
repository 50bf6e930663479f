import { routePolicy } from "@/server/trpc/policy";
import { getSpin } from "@/server/domain/money";
import { playerProcedure } from "@/server/trpc/procedures";
import { spinGetMeta, ZSpinIdRequestSchema, ZSpinSchema } from "./wheel.types";

export const spinGetRoute = playerProcedure
  .meta(spinGetMeta)
  .input(ZSpinIdRequestSchema)
  .use(routePolicy)
  .output(ZSpinSchema)
  .query(({ ctx, input }) => {
    ctx.responseHeaders.push(["Cache-Control", "no-store"]);
    return getSpin({ player: ctx.player, spinId: input.spin_id });
  });
