import { pool } from "@/server/db/client";
import { laggedReads } from "@/server/db/replica";
import type { TTx } from "@/server/db/tx";
import { billingMonth } from "./active-players";

export type TUsage = {
  period_start: string;
  period_end: string;
  /** Identified players: distinct `external_user_id` (not `anon_…`) with at least one event in the period, across the account's projects. */
  monthly_active_users: number;
  /** Anonymous players (`anon_…`) counted the same way; reported, never billed or enforced. */
  anonymous_monthly_users: number;
  projects: number;
  runs: number;
  webhook_deliveries: number;
};

/**
 * Usage of an account in the billing month [start, end): one distinct count of `external_user_id`
 * over the whole period on events (so a player active on two days, or in two of the account's
 * projects with the same id, counts once), anonymous identities apart — read from the month's
 * billing record (active-players.ts), which the events write as they arrive and an erasure keeps.
 * Runs and deliveries are those created in the period. Reads through the project index of each table.
 * `lagged`: the billing page's figures, which may come from the read replica (a few seconds behind
 * at most); what a limit enforces or an invoice charges reads the primary.
 */
export async function accountUsage(opts: { accountId: string; start: Date; end: Date; tx?: TTx; lagged?: boolean }): Promise<TUsage> {
  const q = opts.tx ?? (opts.lagged ? laggedReads() : pool());
  const { rows } = await q.query<{ mau: string; anon: string; projects: string; runs: string; deliveries: string }>(
    `WITH p AS (SELECT id FROM project WHERE owner_account_id = $1),
          players AS (SELECT anonymous FROM billing_active_player WHERE account_id = $1 AND period_start = $4::date)
     SELECT (SELECT count(*) FROM players WHERE NOT anonymous) AS mau,
            (SELECT count(*) FROM players WHERE anonymous) AS anon,
            (SELECT count(*) FROM p) AS projects,
            (SELECT count(*) FROM game_run r WHERE r.project_id IN (SELECT id FROM p) AND r.started_at >= $2 AND r.started_at < $3) AS runs,
            (SELECT count(*) FROM webhook_delivery d WHERE d.project_id IN (SELECT id FROM p) AND d.created_at >= $2 AND d.created_at < $3) AS deliveries`,
    [opts.accountId, opts.start, opts.end, billingMonth(opts.start)],
  );
  const r = rows[0]!;
  return {
    period_start: opts.start.toISOString(),
    period_end: opts.end.toISOString(),
    monthly_active_users: Number(r.mau),
    anonymous_monthly_users: Number(r.anon),
    projects: Number(r.projects),
    runs: Number(r.runs),
    webhook_deliveries: Number(r.deliveries),
  };
}
