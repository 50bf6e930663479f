import type { TApiKeyPrincipal, TPlayerSession } from "@/server/domain/identity";
import { authenticateAdmin, type TAdminAuth } from "./admin";
import { authenticatePlayer } from "./player";
import type { TAuthRequest } from "./request";
import { authenticateServerKey } from "./server-key";

/**
 * Who may call a route: the vocabulary of procedure meta (`auth`) and of the plain route table
 * alike, so the OpenAPI security and the auth matrix read one word per route.
 * `session_or_query` is the player plane with the legacy `session_token` query fallback;
 * `admin_bootstrap` is the admin plane before two-factor verification.
 */
export type TAuthScheme = "none" | "session" | "session_or_query" | "server_key" | "admin" | "admin_bootstrap";

export type TPrincipalOf<S extends TAuthScheme> = S extends "admin" | "admin_bootstrap"
  ? TAdminAuth
  : S extends "session" | "session_or_query"
    ? TPlayerSession
    : S extends "server_key"
      ? TApiKeyPrincipal
      : null;

/** Runs the one authentication function of an audience (for routes that declare theirs as data). */
export async function authenticateAs<S extends TAuthScheme>(scheme: S, req: TAuthRequest, opts: { queryToken?: string } = {}): Promise<TPrincipalOf<S>> {
  const principal = await (async () => {
    switch (scheme) {
      case "admin":
        return authenticateAdmin(req);
      case "admin_bootstrap":
        return authenticateAdmin(req, { requireTwoFactor: false });
      case "session":
        return authenticatePlayer(req);
      case "session_or_query":
        return authenticatePlayer(req, { queryToken: opts.queryToken });
      case "server_key":
        return authenticateServerKey(req);
      default:
        return null;
    }
  })();
  return principal as TPrincipalOf<S>;
}
