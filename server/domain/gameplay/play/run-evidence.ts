import type { TTx } from "@/server/db/tx";
import type { TRunEvidence } from "@/server/domain/money";
import { runFacts } from "@/server/domain/trust";
import { runCommands, verifyRunReplay } from "./verify-run";

/**
 * A stored run as the fraud gate weighs it when a held claim is scored again: its stored commands'
 * timing, whether they replay to the stored state, and its start address's hashes. Null when the
 * run is gone (an erased player's runs are deleted).
 */
export const runEvidence: TRunEvidence = async (tx: TTx, runId: string) => {
  const { rows } = await tx.query<{ mechanic: string; level_id: string; level_version: number; level_number: number; seed: string; state: unknown; started_at: Date; client_ip_hash: string | null; client_addr_hash: string | null }>(
    "SELECT mechanic, level_id, level_version, level_number, seed, state, started_at, client_ip_hash, client_addr_hash FROM game_run WHERE id = $1",
    [runId],
  );
  const r = rows[0];
  if (!r) return null;
  const commands = await runCommands(tx, runId);
  return { facts: runFacts(commands, r.started_at, await verifyRunReplay(tx, r, commands, r.state)), address: { network: r.client_ip_hash, address: r.client_addr_hash } };
};
