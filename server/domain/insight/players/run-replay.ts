import { withTransaction } from "@/server/db/tx";
import { RUN_COLUMNS, replayStoredRun, type TRunRow } from "@/server/domain/gameplay";
import { findOwnedProject, isUuid } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";

/** How many of the level's latest finished runs the timing is compared with. */
const TYPICAL_RUNS = 500;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * `GET …/game-runs/{run_id}/replay`: a run to watch move by move (replayStoredRun: the dealt board
 * and every stored command with the answer the player got), beside the facts a reviewer weighs —
 * the replay check, its timing against the level's typical runs in the project, the claims it made
 * with their risk, how many players started runs from its network, and the player's open flags.
 * Owner's projects only; an unknown run, another project's, and one erased with its player's data
 * all answer 404 (erasure deletes runs and their commands).
 */
export async function getRunReplay(opts: { accountId: string; projectId: string; runId: string }) {
  await findOwnedProject(opts);
  const gone = () => new AppError("not_found", "Run not found: unknown, another project's, or erased with its player's data");
  if (!isUuid(opts.runId)) throw gone();
  return withTransaction(async (tx) => {
    const run = (await tx.query<TRunRow>(`SELECT ${RUN_COLUMNS} FROM game_run WHERE id = $1 AND project_id = $2`, [opts.runId, opts.projectId])).rows[0];
    if (!run) throw gone();
    const replay = await replayStoredRun(tx, run);
    const [typical, claims, network, flags] = await Promise.all([
      tx.query<{ ms: number }>(
        `SELECT (extract(epoch FROM ended_at - started_at) * 1000)::int AS ms FROM game_run
          WHERE project_id = $1 AND mechanic = $2 AND level_number = $3 AND ended_at IS NOT NULL AND status IN ('won', 'lost') AND id <> $4
          ORDER BY ended_at DESC LIMIT ${TYPICAL_RUNS}`,
        [run.project_id, run.mechanic, run.level_number, run.id],
      ),
      // Each claim with the decisions on it, from the audit trail: who (an admin, or the hold-release job), when, and why.
      tx.query<{ claim_id: string; status: string; risk_score: number; risk_reasons: string[]; decided_by: string; created_at: Date; decisions: Array<{ action: string; by: string | null; automatic: boolean; reason: string | null; at: string }> }>(
        `SELECT c.id AS claim_id, c.status, c.risk_score, c.risk_reasons, c.decided_by, c.created_at,
                coalesce((SELECT json_agg(json_build_object('action', a.action, 'by', acc.email, 'automatic', a.account_id IS NULL AND a.metadata->>'by' = 'release_job', 'reason', a.metadata->>'reason', 'at', a.created_at) ORDER BY a.created_at)
                            FROM audit_log a LEFT JOIN admin_account acc ON acc.id = a.account_id
                           WHERE a.project_id = $2 AND a.target_type = 'reward_claim' AND a.target_id = c.id::text
                             AND a.action IN ('reward.claim_released', 'reward.claim_rejected')), '[]') AS decisions
           FROM reward_claim c WHERE c.run_id = $1 ORDER BY c.created_at`,
        [run.id, run.project_id],
      ),
      run.client_ip_hash
        ? tx.query<{ players: number }>("SELECT count(DISTINCT external_user_id)::int AS players FROM game_run WHERE project_id = $1 AND client_ip_hash = $2", [run.project_id, run.client_ip_hash])
        : Promise.resolve(null),
      tx.query<{ kind: string; created_at: Date }>(
        "SELECT kind, created_at FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2 AND resolved_at IS NULL ORDER BY created_at DESC LIMIT 20",
        [run.project_id, run.external_user_id],
      ),
    ]);
    const duration = run.ended_at ? run.ended_at.getTime() - run.started_at.getTime() : replay.frames.at(-1)?.offset_ms ?? 0;
    const others = typical.rows.map((r) => r.ms);
    const accepted = replay.frames.filter((f) => f.accepted);
    return {
      run: replay.run,
      external_user_id: run.external_user_id,
      outcome: { status: run.status, end_reason: run.end_reason, score: run.score, ended_at: run.ended_at?.toISOString() ?? null },
      frames: replay.frames,
      replay_check: replay.replay_check,
      timing: {
        duration_ms: duration,
        median_interval_ms: median(accepted.map((f) => f.interval_ms)),
        level_runs: others.length,
        level_median_duration_ms: median(others),
        /** Share of the level's runs that took longer: 0.95 means faster than 95 % of them. */
        faster_than: others.length > 0 ? Math.round((others.filter((ms) => ms > duration).length / others.length) * 100) / 100 : null,
      },
      claims: claims.rows.map((c) => ({
        ...c,
        created_at: c.created_at.toISOString(),
        decisions: c.decisions.map((d) => ({ decision: d.action === "reward.claim_released" ? ("released" as const) : ("rejected" as const), by: d.by, automatic: d.automatic, reason: d.reason, at: new Date(d.at).toISOString() })),
      })),
      network_players: network ? network.rows[0]!.players : null,
      open_flags: flags.rows.map((f) => ({ kind: f.kind, created_at: f.created_at.toISOString() })),
    };
  });
}
