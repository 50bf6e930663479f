import { AppError } from "@/server/errors/app-error";
import type { TEconomyConfig } from "./config";

/**
 * The economy's rules, as pure functions of loaded facts: what a purchase debits, and what a set of
 * balance changes does to the player's locked balances. operations.ts and ledger.ts load the facts,
 * ask these, and write what they return.
 */

export type TLedgerChange = { resourceId: string; amount: number };
type TBooster = TEconomyConfig["boosters"][number];

/** Whether the configuration sells a booster by that id (decideSpend's 404 otherwise). */
export function sellsBooster(economy: TEconomyConfig, boosterId: string): boolean {
  return economy.boosters.some((b) => b.id === boosterId);
}

/** A booster purchase: the booster (404 when the project sells none by that id) and the debit of its price. */
export function decideSpend(f: { economy: TEconomyConfig; boosterId: string }): { booster: TBooster; change: TLedgerChange } {
  const booster = f.economy.boosters.find((b) => b.id === f.boosterId);
  if (!booster) throw new AppError("not_found", `No booster ${f.boosterId}`, { details: { booster_id: f.boosterId } });
  return { booster, change: { resourceId: booster.price.resource_id, amount: -booster.price.amount } };
}

/** Changes in resource order: rows are created and locked in that order, so two changes touching the same rows never deadlock. */
export function orderedChanges(economy: TEconomyConfig, changes: readonly TLedgerChange[]): TLedgerChange[] {
  const known = new Set(economy.resources.map((r) => r.id));
  const sorted = [...changes].sort((a, b) => (a.resourceId < b.resourceId ? -1 : a.resourceId > b.resourceId ? 1 : 0));
  for (const c of sorted) {
    if (!known.has(c.resourceId)) throw new AppError("validation_error", `Unknown resource ${c.resourceId}`, { details: { resource_id: c.resourceId } });
    if (!Number.isSafeInteger(c.amount) || c.amount === 0) throw new AppError("validation_error", "amount must be a non-zero integer");
  }
  return sorted;
}

export type TLedgerEntry = { resource_id: string; amount: number; balance_after: number; source: string; reference: string | null; idempotency_key: string | null };

/**
 * What ordered changes do to the player's locked balances: a balance row created by this change
 * is recorded first as its own `starting` entry (when above zero), then every change as an entry
 * with the balance after it. A debit never takes a balance below zero: 409 `insufficient_balance`,
 * and nothing is to be written.
 */
export function decideLedger(f: {
  economy: TEconomyConfig;
  changes: readonly TLedgerChange[];
  /** The balances as locked, by resource. */
  locked: ReadonlyArray<{ resource_id: string; balance: number }>;
  /** The rows this change created, at their starting balance. */
  created: ReadonlyArray<{ resource_id: string; balance: number }>;
  source: string;
  reference: string | null;
  idempotencyKey: string | null;
}): { balances: Record<string, number>; entries: TLedgerEntry[] } {
  const balances = new Map(f.locked.map((r) => [r.resource_id, r.balance]));
  const entries: TLedgerEntry[] = f.created
    .filter((r) => r.balance > 0)
    .map((r) => ({ resource_id: r.resource_id, amount: r.balance, balance_after: r.balance, source: "starting", reference: null, idempotency_key: null }));
  for (const c of f.changes) {
    const before = balances.get(c.resourceId) ?? 0;
    const after = before + c.amount;
    if (after < 0) {
      const name = f.economy.resources.find((r) => r.id === c.resourceId)?.name ?? c.resourceId;
      throw new AppError("insufficient_balance", `Not enough ${name}: ${before} available, ${-c.amount} needed`, {
        details: { resource_id: c.resourceId, balance: before, needed: -c.amount },
      });
    }
    balances.set(c.resourceId, after);
    entries.push({ resource_id: c.resourceId, amount: c.amount, balance_after: after, source: f.source, reference: f.reference, idempotency_key: f.idempotencyKey });
  }
  return { balances: Object.fromEntries(balances), entries };
}
