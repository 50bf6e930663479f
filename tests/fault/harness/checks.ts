import type pg from "pg";
import { expect } from "vitest";
import type { AckLog } from "./players";

/**
 * What every fault scenario asserts after its fault: nothing acknowledged was lost or applied
 * twice — every acknowledged command has its row, every acknowledged spend key one operation and
 * one debit, every acknowledged spin its row and no spin's tickets or award twice — no balance
 * went negative and every ledger sums to its balance. Answers what it read, for the scenario's
 * report and its own stricter checks.
 */
export async function expectAcknowledgedKept(db: pg.Pool, projectId: string, log: AckLog) {
  expect(await missingCommands(db, log)).toEqual([]);
  const spends = await spendRows(db, projectId, log);
  expect(spends.missing).toEqual([]);
  expect(spends.doubled).toEqual([]);
  const spins = await spinRows(db, projectId, log);
  expect(spins.found).toBe(spins.acknowledged);
  expect(spins.doubledLedger).toEqual([]);
  const economy = await economyInvariants(db, projectId);
  expect(economy.negatives).toBe(0);
  expect(economy.mismatched).toEqual([]);
  return { spends, spins, economy };
}

/**
 * The guarantees, read back from the rows: every acknowledged write is there exactly once,
 * balances never went negative and every player's ledger sums to their balance.
 */
export async function economyInvariants(db: pg.Pool, projectId: string) {
  const negatives = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM player_balance WHERE project_id = $1 AND balance < 0", [projectId])).rows[0]!.n;
  const negativeLedger = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entry WHERE project_id = $1 AND balance_after < 0", [projectId])).rows[0]!.n;
  const mismatched = (
    await db.query(
      `SELECT b.external_user_id, b.resource_id, b.balance::text, COALESCE(l.total, 0)::text AS ledger
         FROM player_balance b
         LEFT JOIN (SELECT external_user_id, resource_id, sum(amount) AS total FROM ledger_entry WHERE project_id = $1 GROUP BY 1, 2) l
           USING (external_user_id, resource_id)
        WHERE b.project_id = $1 AND b.balance <> COALESCE(l.total, 0)`,
      [projectId],
    )
  ).rows;
  const balances = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM player_balance WHERE project_id = $1", [projectId])).rows[0]!.n;
  return { balances, negatives, negativeLedger, mismatched };
}

/** Acknowledged commands with no row (same run, command id and sequence). */
export async function missingCommands(db: pg.Pool, log: AckLog): Promise<string[]> {
  if (log.commands.length === 0) return [];
  const { rows } = await db.query<{ command_id: string }>(
    `SELECT a.command_id FROM jsonb_to_recordset($1::jsonb) AS a(run_id uuid, command_id text, sequence int)
      WHERE NOT EXISTS (SELECT 1 FROM game_command c WHERE c.run_id = a.run_id AND c.command_id = a.command_id AND c.sequence = a.sequence)`,
    [JSON.stringify(log.commands.map((c) => ({ run_id: c.runId, command_id: c.commandId, sequence: c.sequence })))],
  );
  return rows.map((r) => r.command_id);
}

/**
 * Spends: each acknowledged key has its operation row and exactly one debit in the ledger (the
 * same key acknowledged twice, a retry, is one spend); `applied` counts every spend debit row of
 * the project, which must equal the distinct acknowledged keys when no answer was lost.
 */
export async function spendRows(db: pg.Pool, projectId: string, log: AckLog) {
  const keys = [...new Set(log.spends.map((s) => s.key))];
  const { rows } = await db.query<{ key: string; ops: number; debits: number }>(
    `SELECT k AS key,
            (SELECT count(*)::int FROM economy_operation o WHERE o.project_id = $1 AND o.idempotency_key = k) AS ops,
            (SELECT count(*)::int FROM ledger_entry l WHERE l.project_id = $1 AND l.source = 'spend' AND l.idempotency_key = k) AS debits
       FROM unnest($2::text[]) AS k`,
    [projectId, keys],
  );
  const applied = (await db.query<{ n: number; keys: number }>("SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM ledger_entry WHERE project_id = $1 AND source = 'spend'", [projectId])).rows[0]!;
  return { acknowledged: keys.length, missing: rows.filter((r) => r.ops !== 1 || r.debits === 0).map((r) => r.key), doubled: rows.filter((r) => r.debits > 1).map((r) => r.key), debitRows: applied.n, debitKeys: applied.keys };
}

/** Spins: each acknowledged spin id has its one row; no spin took tickets or awarded twice. */
export async function spinRows(db: pg.Pool, projectId: string, log: AckLog) {
  const ids = [...new Set(log.spins.map((s) => s.spinId))];
  const found = (await db.query<{ spin_id: string }>("SELECT spin_id::text FROM wheel_spin WHERE project_id = $1 AND spin_id = ANY($2::uuid[])", [projectId, ids])).rows;
  const doubled = (
    await db.query<{ idempotency_key: string }>(
      "SELECT idempotency_key FROM ledger_entry WHERE project_id = $1 AND source IN ('wheel_ticket', 'wheel_award') GROUP BY idempotency_key HAVING count(*) > 1",
      [projectId],
    )
  ).rows;
  const total = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM wheel_spin WHERE project_id = $1", [projectId])).rows[0]!.n;
  return { acknowledged: ids.length, found: found.length, rows: total, doubledLedger: doubled.map((d) => d.idempotency_key) };
}

/** Claims and their outbox rows for the project, per run. */
export async function claimsAndDeliveries(db: pg.Pool, projectId: string) {
  const claims = (await db.query<{ id: string; run_id: string; status: string; idempotency_key: string }>("SELECT id, run_id, status, idempotency_key FROM reward_claim WHERE project_id = $1", [projectId])).rows;
  const deliveries = (
    await db.query<{ id: string; claim_id: string; status: string; idempotency_key: string; attempts: number; lease_until: Date | null }>(
      "SELECT id, claim_id, status, idempotency_key, attempts, lease_until FROM webhook_delivery WHERE project_id = $1 AND kind = 'reward.eligible'",
      [projectId],
    )
  ).rows;
  return { claims, deliveries };
}

/** Deliveries not yet delivered (for polling until the worker is done). */
export async function undelivered(db: pg.Pool, projectId: string): Promise<number> {
  return (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_delivery WHERE project_id = $1 AND status <> 'delivered'", [projectId])).rows[0]!.n;
}
