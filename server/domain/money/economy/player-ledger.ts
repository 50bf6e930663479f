import { pool } from "@/server/db/client";
import { findOwnedProject } from "@/server/domain/identity";
import { resolveEconomy } from "./config";

const PLAYER_LEDGER_LIMIT = 50;

/**
 * One player as the console sees them: a balance for every configured resource (one never held
 * shows its starting balance, as the player's own read does; a read writes nothing) and their
 * latest ledger entries, newest first. Entries of a resource since removed from the
 * configuration stay in the history.
 */
export async function getPlayerLedger(opts: { accountId: string; projectId: string; externalUserId: string }) {
  const project = await findOwnedProject(opts);
  const economy = resolveEconomy(project.economyConfig);
  const [held, entries] = await Promise.all([
    pool().query<{ resource_id: string; balance: string }>("SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2", [opts.projectId, opts.externalUserId]),
    // Rows of one transaction share their time: a player's starting rows were written before the change that created them.
    pool().query<{ created_at: Date; resource_id: string; amount: string; balance_after: string; source: string; reference: string | null }>(
      `SELECT created_at, resource_id, amount, balance_after, source, reference FROM ledger_entry
        WHERE project_id = $1 AND external_user_id = $2
        ORDER BY created_at DESC, (source = 'starting'), resource_id DESC LIMIT $3`,
      [opts.projectId, opts.externalUserId, PLAYER_LEDGER_LIMIT],
    ),
  ]);
  const balances = new Map(held.rows.map((r) => [r.resource_id, Number(r.balance)]));
  return {
    external_user_id: opts.externalUserId,
    economy_enabled: project.economyEnabled,
    balances: economy.resources.map((r) => ({ resource_id: r.id, name: r.name, balance: balances.get(r.id) ?? r.starting_balance, held: balances.has(r.id) })),
    ledger: entries.rows.map((e) => ({
      at: e.created_at.toISOString(),
      resource_id: e.resource_id,
      amount: Number(e.amount),
      balance_after: Number(e.balance_after),
      source: e.source,
      reference: e.reference,
    })),
  };
}
