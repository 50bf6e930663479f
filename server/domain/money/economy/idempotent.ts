import { namedQuery, textFor } from "@/server/db/statement-names";
import type { TBatch } from "@/server/db/batch";
import { AppError } from "@/server/errors/app-error";
import { sha256Hex } from "@/server/lib/crypto";
import { jsonbText } from "@/server/lib/jsonb-size";

/**
 * Idempotency as data. The first use of a key in its key space inserts its row (the unique key is
 * the arbiter: a concurrent first use waits on that insert and then finds the winner's row); the
 * operation runs on the same transaction and stores its result. A repeat with the same request
 * answers the stored result and moves nothing; the same key with a different request (another
 * kind, player, booster, resource or amount) is 409 `idempotency_conflict`. A refused operation
 * (say, too low a balance) rolls back with its row, so the key may be used again later.
 *
 * Key spaces (migration 0027): a player's spends are the player's own (`space: "player"`), so
 * nobody else's key can collide with them nor read their result; the project's server and admin
 * grants share one space of their own (`space: "project"`), out of players' reach.
 */
/** The key's statement per guard text (textFor). */
const KEY_TEXTS = new Map<string, string>();

export async function runIdempotent<T>(
  /** The transaction's batch: when it owns its COMMIT, the result's statement goes out with it (the operation is the transaction's last step). */
  batch: TBatch,
  opts: {
    projectId: string; key: string; kind: string; externalUserId: string; request: Record<string, unknown>; at: Date;
    space: "player" | "project";
    /**
     * A condition checked in the same statement as the key's insert (SQL over $1 = project and
     * $8… = `params`): when false nothing is written and IdempotencyGuardFailed is thrown, before
     * any replay, so the caller can refresh what it assumed and try again.
     */
    guard?: { sql: string; params: unknown[] };
  },
  /**
   * The operation. Its last writes may be handed to `defer` unawaited (sent, not answered): they
   * are awaited together with the result's statement (and the COMMIT), in one round trip.
   */
  run: (defer: (written: Promise<unknown>) => void) => Promise<T>,
  /** Statements to send right behind the key's statement, in its round trip (the operation's lock, say): they run whatever the key's answer is. */
  alongside?: () => void,
): Promise<{ result: T; replayed: boolean }> {
  const hash = sha256Hex(jsonbText({ kind: opts.kind, user: opts.externalUserId, ...opts.request }));
  const owner = opts.space === "player" ? opts.externalUserId : "";
  // Prepared (the hot path's statements are): one text per guard (economyGuard's).
  const keyed = batch.tx.query<{ guard_ok: boolean; inserted: boolean }>(namedQuery(
    "economy_op",
    textFor(KEY_TEXTS, opts.guard?.sql ?? "true", (guard) => `WITH g AS (SELECT ${guard} AS ok),
            ins AS (INSERT INTO economy_operation (project_id, idempotency_key, kind, request_hash, external_user_id, result, created_at, key_owner)
                    SELECT $1, $2, $3, $4, $5, 'null'::jsonb, $6, $7 WHERE (SELECT ok FROM g) ON CONFLICT DO NOTHING RETURNING 1)
       SELECT (SELECT ok FROM g) AS guard_ok, EXISTS (SELECT 1 FROM ins) AS inserted`),
    [opts.projectId, opts.key, opts.kind, hash, opts.externalUserId, opts.at, owner, ...(opts.guard?.params ?? [])],
  ));
  alongside?.();
  const row = (await keyed).rows[0]!;
  if (!row.guard_ok) throw new IdempotencyGuardFailed();
  if (!row.inserted) {
    const prior = (await batch.tx.query<{ request_hash: string; result: T }>("SELECT request_hash, result FROM economy_operation WHERE project_id = $1 AND key_owner = $2 AND idempotency_key = $3", [opts.projectId, owner, opts.key])).rows[0]!;
    if (prior.request_hash !== hash) {
      throw new AppError("idempotency_conflict", "This idempotency_key was already used for a different request", { details: { idempotency_key: opts.key } });
    }
    return { result: prior.result, replayed: true };
  }
  const deferred: Promise<unknown>[] = [];
  const result = await run((written) => deferred.push(batch.send(written)));
  const stored = batch.tx.query({
    name: "economy_op_result",
    text: "UPDATE economy_operation SET result = $4::jsonb WHERE project_id = $1 AND key_owner = $2 AND idempotency_key = $3",
    values: [opts.projectId, owner, opts.key, JSON.stringify(result)],
  });
  // In the order they were sent: a failed write's own error comes first (it fails those behind it).
  const all = Promise.all([...deferred, stored]);
  await batch.commitWith(all);
  return { result, replayed: false };
}

/** runIdempotent's guard was false: nothing was written; refresh and try again. */
export class IdempotencyGuardFailed extends Error {
  constructor() {
    super("idempotency guard failed");
    this.name = "IdempotencyGuardFailed";
  }
}
