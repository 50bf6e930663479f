import type { TTx } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { sha256Hex } from "@/server/lib/crypto";
import { jsonbText } from "@/server/lib/jsonb-size";

/**
 * Idempotency as data. The first use of a key within a project inserts its row (the unique key is
 * the arbiter: a concurrent first use waits on that insert and then finds the winner's row); the
 * operation runs on the same transaction and stores its result. A repeat with the same request
 * answers the stored result and moves nothing; the same key with a different request (another
 * kind, player, booster, resource or amount) is 409 `idempotency_conflict`. A refused operation
 * (say, too low a balance) rolls back with its row, so the key may be used again later.
 */
export async function runIdempotent<T>(
  tx: TTx,
  opts: { projectId: string; key: string; kind: string; externalUserId: string; request: Record<string, unknown>; at: Date },
  run: () => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const hash = sha256Hex(jsonbText({ kind: opts.kind, user: opts.externalUserId, ...opts.request }));
  const inserted = await tx.query(
    `INSERT INTO economy_operation (project_id, idempotency_key, kind, request_hash, external_user_id, result, created_at)
     VALUES ($1, $2, $3, $4, $5, 'null'::jsonb, $6) ON CONFLICT DO NOTHING`,
    [opts.projectId, opts.key, opts.kind, hash, opts.externalUserId, opts.at],
  );
  if (inserted.rowCount === 0) {
    const prior = (await tx.query<{ request_hash: string; result: T }>("SELECT request_hash, result FROM economy_operation WHERE project_id = $1 AND idempotency_key = $2", [opts.projectId, opts.key])).rows[0]!;
    if (prior.request_hash !== hash) {
      throw new AppError("idempotency_conflict", "This idempotency_key was already used for a different request", { details: { idempotency_key: opts.key } });
    }
    return { result: prior.result, replayed: true };
  }
  const result = await run();
  await tx.query("UPDATE economy_operation SET result = $3::jsonb WHERE project_id = $1 AND idempotency_key = $2", [opts.projectId, opts.key, JSON.stringify(result)]);
  return { result, replayed: false };
}
