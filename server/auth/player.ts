import { config } from "@/server/config/env";
import { assertSessionLive, type TPlayerSession, verifyPlayerToken } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { bearerToken } from "./credentials";
import type { TAuthRequest } from "./request";

type TPlayerRequest = Pick<TAuthRequest, "header" | "origin" | "responseHeaders">;
type TPlayerAuthOptions = {
  queryToken?: string;
  /**
   * A session issued before an erasure of its player is refused (401 `session_erased`). By default
   * that is checked here, with one statement; `in_domain` is for a route whose domain function
   * checks it inside its own statements (the hot paths and every player write: session-erasure.ts).
   */
  erasedSessions?: "check" | "in_domain";
};

/**
 * The one player authentication, for procedures and plain handlers alike. The credential is a
 * session token as `Authorization: Bearer`, or, only where the spec keeps the legacy fallback
 * (`/v1/progress/state` and the widget endpoints), the `session_token` query parameter; those
 * answers carry `Referrer-Policy: no-referrer` so the URL does not travel further.
 *
 * An anonymous session is bound to the site it was minted for (its `org` claim): a request that
 * shows an `Origin` must come from that site or from the play shell at the API origin.
 */
export async function authenticatePlayer(req: TPlayerRequest, opts: TPlayerAuthOptions & { optional: true }): Promise<TPlayerSession | null>;
export async function authenticatePlayer(req: TPlayerRequest, opts?: TPlayerAuthOptions & { optional?: false }): Promise<TPlayerSession>;
export async function authenticatePlayer(req: TPlayerRequest, opts: TPlayerAuthOptions & { optional?: boolean } = {}): Promise<TPlayerSession | null> {
  if (opts.queryToken !== undefined) req.responseHeaders.push(["Referrer-Policy", "no-referrer"]);
  const token = bearerToken(req) ?? opts.queryToken;
  if (!token) {
    if (opts.optional) return null;
    throw new AppError("unauthorized", "Player session token required");
  }
  const player = await verifyPlayerToken(token);
  if (!player) throw new AppError("unauthorized", "Invalid or expired session token");
  assertSessionOrigin(player, req.origin);
  if (opts.erasedSessions !== "in_domain") await assertSessionLive(player);
  return player;
}

/** A session minted for one site is refused from another (the play shell's own origin is always fine). */
function assertSessionOrigin(player: Pick<TPlayerSession, "origin">, origin: string | null): void {
  if (origin === null || player.origin === null) return;
  if (origin === player.origin || origin === config().publicOrigin) return;
  throw new AppError("origin_not_allowed", "This session was issued for another site");
}
