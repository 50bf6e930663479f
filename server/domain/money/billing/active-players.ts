import { afterCommit, type TTx } from "@/server/db/tx";
import { hmacHex } from "@/server/lib/crypto";

/**
 * The month's billable players, recorded as their events arrive (migration 0025): the first event
 * of a player in a UTC calendar month writes one row for the project's account — a keyed hash of
 * account and player, never the id — that an erasure leaves alone, so erasing players cannot take
 * them off the month's invoice. Every event writer calls noteActivePlayers on its transaction.
 *
 * This process remembers which rows it saw committed (they are never deleted within their month),
 * so a player's later events cost nothing: no statement at all. Another process writes the same
 * row at most once more (ON CONFLICT DO NOTHING). A project's account never changes, so it is
 * remembered too.
 */
type TActivity = { projectId: string; externalUserId: string; at: Date };

const RECORDED_MAX = 200_000;
const recorded = new Set<string>();
const owners = new Map<string, string>();

/** The player as billing knows it: a keyed hash over account and id (the same id in two of an account's projects is one player). */
export function billingPlayerHash(accountId: string, externalUserId: string): string {
  return hmacHex("billing-player", `${accountId}:${externalUserId}`);
}

/** The billing month (its first day, UTC) an instant falls in. */
export function billingMonth(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

/**
 * An erased player's kept records carry `erased_<hash>`: the person was counted while they had their
 * id. Nobody else may name a player so (identity/players/player-ids.ts refuses it at every input).
 */
const billable = (externalUserId: string) => !externalUserId.startsWith("erased_");

/** The row a player's activity records, and its key in `recorded`. */
function activityKey(accountId: string, e: TActivity) {
  const month = billingMonth(e.at);
  const hash = billingPlayerHash(accountId, e.externalUserId);
  return { month, hash, key: `${accountId}|${month}|${hash}` };
}

/**
 * Whether this process saw every billable player of `events` recorded for its month already, so
 * that noteActivePlayers would write nothing: a writer that has no transaction (a game command's
 * one statement) writes its events only then, and otherwise leaves them to a writer that has one.
 */
export function activePlayersRecorded(events: readonly TActivity[]): boolean {
  for (const e of events) {
    if (!billable(e.externalUserId)) continue;
    const accountId = owners.get(e.projectId);
    if (!accountId || !recorded.has(activityKey(accountId, e).key)) return false;
  }
  return true;
}

/**
 * Records the players of `events` as active in their months, on the caller's transaction. Sent
 * without waiting for an answer (a failure fails the transaction's later statements, and so the
 * transaction); a project's account is read once per process.
 */
export async function noteActivePlayers(tx: TTx, events: readonly TActivity[]): Promise<void> {
  let rows: Array<{ accountId: string; month: string; hash: string; anonymous: boolean; at: Date; key: string }> = [];
  const keys = new Set<string>();
  for (const e of events) {
    if (!billable(e.externalUserId)) continue;
    const accountId = owners.get(e.projectId) ?? (await projectOwner(tx, e.projectId));
    if (!accountId) continue;
    const { month, hash, key } = activityKey(accountId, e);
    if (recorded.has(key) || keys.has(key)) continue;
    keys.add(key);
    rows.push({ accountId, month, hash, anonymous: e.externalUserId.startsWith("anon_"), at: e.at, key });
  }
  if (rows.length === 0) return;
  const written = rows;
  rows = [];
  void tx
    .query({
      name: "billing_active_players",
      text: `INSERT INTO billing_active_player (account_id, period_start, player_hash, anonymous, first_seen_at)
             SELECT * FROM unnest($1::uuid[], $2::date[], $3::text[], $4::boolean[], $5::timestamptz[])
             ON CONFLICT DO NOTHING`,
      values: [written.map((r) => r.accountId), written.map((r) => r.month), written.map((r) => r.hash), written.map((r) => r.anonymous), written.map((r) => r.at)],
    })
    .catch(() => {}); // its failure surfaces on the statements behind it and the COMMIT
  afterCommit(tx, () => {
    for (const r of written) {
      if (recorded.size >= RECORDED_MAX) recorded.delete(recorded.values().next().value!);
      recorded.add(r.key);
    }
  });
}

async function projectOwner(tx: TTx, projectId: string): Promise<string | null> {
  const { rows } = await tx.query<{ owner_account_id: string }>("SELECT owner_account_id FROM project WHERE id = $1", [projectId]);
  const owner = rows[0]?.owner_account_id ?? null;
  if (owner) owners.set(projectId, owner);
  return owner;
}

/**
 * Once, right after migration 0025: the months still open to invoicing (the current one and the
 * one before) from the events recorded before the billing record existed. Set-based in batches.
 */
export async function backfillActivePlayers(db: Pick<TTx, "query">, at: Date): Promise<number> {
  const since = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  const { rows } = await db.query<{ account_id: string; external_user_id: string; month: string; first: Date }>(
    `SELECT p.owner_account_id AS account_id, e.external_user_id, to_char(date_trunc('month', e.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS month, min(e.created_at) AS first
       FROM player_event e JOIN project p ON p.id = e.project_id
      WHERE e.created_at >= $1
      GROUP BY 1, 2, 3`,
    [since],
  );
  let written = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const batch = rows.slice(i, i + 5000).filter((r) => billable(r.external_user_id));
    const res = await db.query(
      `INSERT INTO billing_active_player (account_id, period_start, player_hash, anonymous, first_seen_at)
       SELECT * FROM unnest($1::uuid[], $2::date[], $3::text[], $4::boolean[], $5::timestamptz[]) ON CONFLICT DO NOTHING`,
      [
        batch.map((r) => r.account_id),
        batch.map((r) => r.month),
        batch.map((r) => billingPlayerHash(r.account_id, r.external_user_id)),
        batch.map((r) => r.external_user_id.startsWith("anon_")),
        batch.map((r) => r.first),
      ],
    );
    written += res.rowCount ?? 0;
  }
  return written;
}
