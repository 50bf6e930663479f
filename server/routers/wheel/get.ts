import { languageWishes } from "@/i18n/languages";
import { routePolicy } from "@/server/trpc/policy";
import { getPlayerWheel } from "@/server/domain/money";
import { playerProcedure } from "@/server/trpc/procedures";
import { wheelMeta, ZWheelRequestSchema, ZWheelResponseSchema } from "./wheel.types";

export const wheelRoute = playerProcedure
  .meta(wheelMeta)
  .input(ZWheelRequestSchema)
  .use(routePolicy)
  .output(ZWheelResponseSchema)
  .query(({ ctx, input }) => {
    // Entitlements and the seed commitment change with every spin: no cache may keep them.
    ctx.responseHeaders.push(["Cache-Control", "no-store"]);
    return getPlayerWheel({ player: ctx.player, wheelId: input.wheel_id, languageWishes: languageWishes(input.lang, null, ctx.header("accept-language")) });
  });
