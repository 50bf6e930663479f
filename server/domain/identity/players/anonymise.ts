import { hmacHex } from "@/server/lib/crypto";
import { mapJsonStrings } from "@/server/lib/json-walk";
import { ERASED_PREFIX } from "./player-ids";

/**
 * The keyed hash an erased player is known by: HMAC-SHA256 with the `erasure` key derived from
 * APP_SECRET, over project and player, so the same id in two projects hashes differently and
 * nobody without the secret can test a guess. It replaces the id wherever a record is kept.
 */
export function subjectHash(projectId: string, externalUserId: string): string {
  return hmacHex("erasure", `${projectId}:${externalUserId}`);
}

/**
 * The transaction-scoped advisory lock on one player's data: an erasure takes it exclusively (two
 * erasures of a player queue; a write that takes it shared waits for the erasure's commit), and
 * event ingestion, which locks no row of the player the erasure would wait for, takes it shared as
 * its first statement — so an event is either in before the erasure (and deleted by it) or written
 * after it, never committed behind its back.
 */
export function playerDataLock(hash: string, mode: "exclusive" | "shared") {
  return { text: `SELECT ${playerDataLockSql("$1", mode)}`, values: [hash] };
}

/** The lock of playerDataLock as an expression over `hash` (a parameter), for a statement that takes it among its own steps. */
export function playerDataLockSql(hash: string, mode: "exclusive" | "shared"): string {
  return `${mode === "shared" ? "pg_advisory_xact_lock_shared" : "pg_advisory_xact_lock"}(hashtext('player-erasure'), hashtext(${hash}))`;
}

/** What the id becomes in kept records (claims, deliveries, notifications). */
export function anonymousId(hash: string): string {
  return `${ERASED_PREFIX}${hash}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Replaces the id inside strings where it stands as a whole token: the whole string, or between
 * separators such as the `:` of idempotency keys (`<campaign>:<user>:<run>`) or the quotes of a
 * JSON text. A token that merely contains the id (`player-12` for `player-1`) is left alone.
 */
export function makeAnonymiser(externalUserId: string, replacement: string) {
  const token = new RegExp(`(^|[^A-Za-z0-9_\\-.@])${escapeRegExp(externalUserId)}(?=[^A-Za-z0-9_\\-.@]|$)`, "g");
  const inString = (s: string) => (s.includes(externalUserId) ? s.replace(token, (_m, pre: string) => pre + replacement) : s);

  /** Every string in a JSON value (keys too), at any depth. */
  const inJson = (value: unknown): unknown => mapJsonStrings(value, inString);

  /** A stored text: a JSON document is rewritten only inside its string literals (never a number), anything else token-wise. */
  const inText = (text: string): string => {
    if (!text.includes(externalUserId)) return text;
    const trimmed = text.trimStart();
    if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
      return text.replace(/"(?:[^"\\]|\\.)*"/g, (lit) => inString(lit));
    }
    return inString(text);
  };

  return { inString, inJson, inText };
}
