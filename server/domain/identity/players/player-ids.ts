import { AppError } from "@/server/errors/app-error";

/** The service's own anonymous players: a widget session's stable id (issue-session.ts). */
export const ANONYMOUS_PREFIX = "anon_";
/** An anonymous id as the widget issues it: the prefix and 22 base64url characters of a keyed hash (issue-session.ts). */
const ISSUED_ANONYMOUS_ID = /^anon_[A-Za-z0-9_-]{22}$/;
/** An erased player's kept records (claims, deliveries, notifications): anonymise.ts. */
export const ERASED_PREFIX = "erased_";

/**
 * Refuses an `external_user_id` an integrator may not choose. `erased_…` is what an erased
 * player's id becomes in the records kept after an erasure: billing never counts it (the person
 * was counted while they had their id), so a live player named so would play uncounted, and their
 * rows would be taken for an erased person's. `anon_…` is the widget's anonymous players: a server
 * may report their events and grants (with an id of the shape the widget issues), but never issue
 * them a verified session.
 */
export function assertNamedPlayerId(externalUserId: string, opts: { anonymous: "allowed" | "refused" }): void {
  if (externalUserId.startsWith(ERASED_PREFIX)) {
    throw new AppError("validation_error", `external_user_id may not start with ${ERASED_PREFIX} (reserved for the kept records of erased players)`);
  }
  if (!externalUserId.startsWith(ANONYMOUS_PREFIX)) return;
  if (opts.anonymous === "refused") {
    throw new AppError("validation_error", `external_user_id may not start with ${ANONYMOUS_PREFIX} (reserved for anonymous players)`);
  }
  // Anonymous players are reported apart and never billed: an id a site makes up with the prefix
  // (`anon_alice`) would count its own player as anonymous. Only the shape the widget issues passes.
  if (!ISSUED_ANONYMOUS_ID.test(externalUserId)) {
    throw new AppError("validation_error", `external_user_id starting with ${ANONYMOUS_PREFIX} must be an anonymous player's id as the widget issued it (${ANONYMOUS_PREFIX} and 22 characters)`);
  }
}
