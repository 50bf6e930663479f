import { routePolicy } from "@/server/trpc/policy";
import { requestLanguage } from "@/i18n/languages";
import { lobbyState } from "@/server/domain/gameplay";
import { playerProcedure } from "@/server/trpc/procedures";
import { lobbyMeta, ZLobbyRequestSchema, ZLobbyResponseSchema } from "./lobby.types";

export const lobbyRoute = playerProcedure
  .meta(lobbyMeta)
  .input(ZLobbyRequestSchema)
  .use(routePolicy)
  .output(ZLobbyResponseSchema)
  .query(({ ctx }) => lobbyState({ player: ctx.player, limits: ctx.limits, language: requestLanguage(ctx.header("accept-language")) }));
