import { verifyPlayerToken, type TPlayerSession } from "@/server/domain/players/player-token";
import { AppError } from "@/server/errors/app-error";
import { baseProcedure } from "../init";
import { bearerToken } from "./credentials";

/** Player plane: a player session token as `Authorization: Bearer`. Nothing else verifies here. */
export const playerProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const token = bearerToken(ctx);
  const player: TPlayerSession | null = token ? await verifyPlayerToken(token) : null;
  if (!player) throw new AppError("unauthorized", "Player session token required");
  return next({ ctx: { ...ctx, player } });
});

/** For the few routes with the legacy `session_token` query fallback: a token if one was given and valid. */
export async function optionalPlayer(bearer: string | null, queryToken: string | undefined): Promise<TPlayerSession | null> {
  const token = bearer ?? queryToken;
  if (!token) return null;
  const player = await verifyPlayerToken(token);
  if (!player) throw new AppError("unauthorized", "Invalid or expired session token");
  return player;
}
