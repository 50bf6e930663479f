import { authenticateAdmin } from "@/server/auth/admin";
import { authenticatePlayer } from "@/server/auth/player";
import { authenticateServerKey } from "@/server/auth/server-key";
import { baseProcedure } from "./init";

/**
 * Procedure builders by audience. Each resolves exactly the credential of its plane with the one
 * authentication function of that audience (server/auth, shared with plain route handlers) and
 * narrows ctx, so the type says what was checked.
 */
export const publicProcedure = baseProcedure;

/** Player plane: a player session token as `Authorization: Bearer`, not refused by an erasure. Nothing else verifies here. */
export const playerProcedure = baseProcedure.use(async ({ ctx, meta, next }) =>
  next({ ctx: { player: await authenticatePlayer(ctx, { erasedSessions: meta?.erasedSessions === "in_domain" ? "in_domain" : "check" }) } }),
);

/** Integrator server plane: an API key. */
export const serverKeyProcedure = baseProcedure.use(async ({ ctx, next }) => next({ ctx: { apiKey: await authenticateServerKey(ctx) } }));

function adminPlane(requireTwoFactor: boolean, originOnEveryWrite = false) {
  return baseProcedure.use(async ({ ctx, next }) => {
    const { admin, via } = await authenticateAdmin(ctx, { requireTwoFactor, originOnEveryWrite });
    return next({ ctx: { admin, adminVia: via } });
  });
}

/** Authenticated admin whose session has not necessarily passed 2FA: me, logout and the 2FA routes. */
export const adminBootstrapProcedure = adminPlane(false);

/** Authenticated admin whose session passed TOTP two-factor: every other admin route. */
export const adminProcedure = adminPlane(true);

/** Like adminProcedure, and every write needs an allowed `Origin` even with a bearer token (403 `origin_not_allowed`): the wheel's configuration and publishing. */
export const adminOriginProcedure = adminPlane(true, true);
