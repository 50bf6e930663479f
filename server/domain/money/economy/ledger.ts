import { randomUUID } from "node:crypto";
import { sentAhead } from "@/server/db/batch";
import { namedQuery, textFor } from "@/server/db/statement-names";
import type { TTx } from "@/server/db/tx";
import type { TEconomyConfig } from "./config";
import { decideLedger, orderedChanges, type TLedgerChange } from "./decide-spend";

type TLedgerSource = "starting" | "grant_server" | "grant_admin" | "spend" | "wheel_ticket" | "wheel_award";

type TLedgerInput = { projectId: string; externalUserId: string; economy: TEconomyConfig; changes: TLedgerChange[]; source: TLedgerSource; reference?: string | null; idempotencyKey?: string | null; at: Date };

/**
 * The one path every balance change takes, on the caller's transaction: rows of the player's
 * resources are created (at their starting balance, itself a ledger row) if missing, locked in
 * resource order (two changes touching the same rows never deadlock), checked (a debit never takes
 * a balance below zero: 409 `insufficient_balance`, nothing written), written, and each change
 * appended to the ledger with the balance after it. A database constraint backs the check.
 *
 * Answers once the rows are locked and checked (a refusal throws here, before anything is
 * written), with the balances after the change and the write: sent, not yet answered. The caller
 * sends what follows behind it in the same round trip and awaits `written` together with those
 * statements (Promise.all: the write's own failure comes first, and fails the statements behind it).
 */
export async function sendLedgerChanges(
  tx: TTx,
  opts: TLedgerInput,
  /** The one resource's row already locked by sendBalanceLock on this transaction (its answer may still be on its way). */
  lockedAhead?: TLockedAhead,
): Promise<{ balances: Record<string, number>; written: Promise<unknown> }> {
  const changes = orderedChanges(opts.economy, opts.changes);
  const ids = changes.map((c) => c.resourceId);
  const starting = (id: string) => opts.economy.resources.find((r) => r.id === id)!.starting_balance;
  // A row locked ahead is this change's lock; a missing row (or another resource) takes the
  // round trip below, which creates it at its starting balance, recorded as the player's first ledger row.
  const ahead = lockedAhead && ids.length === 1 && lockedAhead.resourceId === ids[0] ? await lockedAhead.rows : [];
  const { startingRows, locked } = ahead.length === 1
    ? { startingRows: [], locked: ahead }
    : ids.length === 1 ? await ensureAndLockOne(tx, opts, ids[0]!, starting(ids[0]!)) : await ensureAndLock(tx, opts, ids, starting);
  const asNumbers = (rows: TBalanceRow[]) => rows.map((r) => ({ resource_id: r.resource_id, balance: Number(r.balance) }));
  const { balances, entries } = decideLedger({
    economy: opts.economy, changes, locked: asNumbers(locked), created: asNumbers(startingRows),
    source: opts.source, reference: opts.reference ?? null, idempotencyKey: opts.idempotencyKey ?? null,
  });
  // Prepared, as the row lock below: every balance change runs them.
  const written = sentAhead(tx.query({
    name: "ledger_write",
    text: `WITH b AS (
       UPDATE player_balance p SET balance = x.balance, updated_at = $3
         FROM jsonb_to_recordset($4::jsonb) AS x(resource_id text, balance bigint)
        WHERE p.project_id = $1 AND p.external_user_id = $2 AND p.resource_id = x.resource_id)
     INSERT INTO ledger_entry (id, project_id, external_user_id, resource_id, amount, balance_after, source, reference, idempotency_key, created_at)
     SELECT e.id, $1, $2, e.resource_id, e.amount, e.balance_after, e.source, e.reference, e.idempotency_key, $3
       FROM jsonb_to_recordset($5::jsonb) AS e(id uuid, resource_id text, amount bigint, balance_after bigint, source text, reference text, idempotency_key text)`,
    values: [opts.projectId, opts.externalUserId, opts.at, JSON.stringify(ids.map((resource_id) => ({ resource_id, balance: balances[resource_id] }))), JSON.stringify(entries.map((e) => ({ id: randomUUID(), ...e })))],
  }));
  return { balances, written };
}

type TBalanceRow = { resource_id: string; balance: string };
type TLockedAhead = { resourceId: string; rows: Promise<TBalanceRow[]> };

/**
 * Locks one resource's balance row of the player now, before the caller knows whether it will
 * change it, so that the lock travels with the caller's earlier statements instead of taking a
 * round trip of its own (a purchase sends it with its idempotency key's statement). Only locks:
 * a missing row is not created here (its starting balance is the configuration's, which the key's
 * statement is still checking), it is left to sendLedgerChanges. The lock is taken in the same
 * order as sendLedgerChanges would take it — after everything sent before it — and held to the
 * end of the transaction, also when the operation turns out to be a replay. `onlyIf`: SQL over $1
 * (the project) and $4… (its params) that must hold for the row to be locked — the caller's
 * assumption (say, the configuration the resource was chosen by); when it does not, nothing is
 * locked and sendLedgerChanges takes its own round trip.
 */
/** The lock's statement per condition text (textFor). */
const LOCK_AHEAD_TEXTS = new Map<string, string>();

export function sendBalanceLock(tx: TTx, opts: { projectId: string; externalUserId: string }, resourceId: string, onlyIf: { sql: string; params: unknown[] }): TLockedAhead {
  const rows = tx
    .query<TBalanceRow>(namedQuery(
      "ledger_lock_ahead",
      textFor(LOCK_AHEAD_TEXTS, onlyIf.sql, (only) => `SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3 AND ${only} FOR UPDATE`),
      [opts.projectId, opts.externalUserId, resourceId, ...onlyIf.params],
    ))
    .then((r) => r.rows);
  return { resourceId, rows: sentAhead(rows) };
}
/** `startingRows`: the rows this change created, at their starting balance (decideLedger records those above zero). */
type TEnsured = { startingRows: TBalanceRow[]; locked: TBalanceRow[] };

/** Several resources: the missing rows inserted (in resource order), then all locked in resource order — two changes touching the same rows never deadlock. */
async function ensureAndLock(tx: TTx, opts: { projectId: string; externalUserId: string; at: Date }, ids: string[], starting: (id: string) => number): Promise<TEnsured> {
  const created = await tx.query<TBalanceRow>(
    `INSERT INTO player_balance (project_id, external_user_id, resource_id, balance, updated_at)
     SELECT $1, $2, r.id, r.starting, $4 FROM jsonb_to_recordset($3::jsonb) AS r(id text, starting bigint)
     ON CONFLICT DO NOTHING RETURNING resource_id, balance`,
    [opts.projectId, opts.externalUserId, JSON.stringify(ids.map((id) => ({ id, starting: starting(id) }))), opts.at],
  );
  const locked = await lockRows(tx, opts, ids);
  return { startingRows: created.rows, locked };
}

/**
 * One resource (a purchase, a grant, a wheel ticket): created or locked in one statement. A row the
 * statement neither created nor saw was created by a concurrent first change that committed after
 * the statement's snapshot (the insert waited for it): one more locked read finds it.
 */
async function ensureAndLockOne(tx: TTx, opts: { projectId: string; externalUserId: string; at: Date }, id: string, starting: number): Promise<TEnsured> {
  const { rows } = await tx.query<TBalanceRow & { created: boolean }>({
    name: "ledger_lock_one",
    text: `WITH ins AS (
       INSERT INTO player_balance (project_id, external_user_id, resource_id, balance, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING resource_id, balance),
     cur AS (SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3 FOR UPDATE)
     SELECT resource_id, balance, true AS created FROM ins UNION ALL SELECT resource_id, balance, false AS created FROM cur`,
    values: [opts.projectId, opts.externalUserId, id, starting, opts.at],
  });
  if (rows.length === 0) return { startingRows: [], locked: await lockRows(tx, opts, [id]) };
  return { startingRows: rows.filter((r) => r.created), locked: rows };
}

function lockRows(tx: TTx, opts: { projectId: string; externalUserId: string }, ids: string[]): Promise<TBalanceRow[]> {
  return tx
    .query<TBalanceRow>(
      "SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = ANY($3) ORDER BY resource_id FOR UPDATE",
      [opts.projectId, opts.externalUserId, ids],
    )
    .then((r) => r.rows);
}
