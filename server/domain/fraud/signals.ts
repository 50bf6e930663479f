import type { TTx } from "@/server/db/tx";
import type { TManualState } from "./gate";
import type { TFraudSignals } from "./rules/define";
import { sharedAddressCountLimitSql } from "./rules/shared-address";

type TRunFacts = NonNullable<TFraudSignals["run"]>;

/** Timing and refusal facts of a run's commands (pure). */
export function runFacts(commands: Array<{ accepted: boolean; at: Date }>, startedAt: Date, replayVerified: boolean): TRunFacts {
  const times = [startedAt.getTime(), ...commands.map((c) => c.at.getTime())];
  const gaps: number[] = [];
  // From the run's start: a person looks at the board before the first move, a script does not.
  for (let i = 1; i < times.length; i++) gaps.push(times[i]! - times[i - 1]!);
  gaps.sort((a, b) => a - b);
  return {
    replayVerified,
    commands: commands.length,
    refused: commands.filter((c) => !c.accepted).length,
    durationMs: times[times.length - 1]! - times[0]!,
    minGapMs: gaps.length ? gaps[0]! : null,
    medianGapMs: gaps.length ? gaps[Math.floor(gaps.length / 2)]! : null,
  };
}

/**
 * playerFacts' statement: $1 project, $2 player, $3 address hash, $4 the event time.
 * The claims count asks for the player's claims newest first, which only the (project, player,
 * created_at) index gives without a sort. Without that, a plan made while reward_claim had no
 * statistics (a new database's first minutes, when this prepared statement's generic plan is
 * made and then kept by the connection) found every index on project_id equally cheap and took
 * the idempotency key's, reading all of the project's claims for each claim (1 622 rows, 0.65 ms
 * at the end of a bench phase) — see docs/performance-log.md.
 */
export const PLAYER_FACTS_SQL = `SELECT
       (SELECT count(*)::int FROM (SELECT 1 FROM address_player WHERE project_id = $1 AND client_ip_hash = $3 AND last_started_at > $4::timestamptz - interval '24 hours' LIMIT ${sharedAddressCountLimitSql("$1")}) a) AS same_address,
       (SELECT count(*)::int FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2 AND resolved_at IS NULL AND created_at > $4::timestamptz - interval '7 days') AS flags,
       (SELECT count(*)::int FROM (SELECT 1 FROM reward_claim WHERE project_id = $1 AND external_user_id = $2 AND created_at > $4::timestamptz - interval '1 hour'
                                    ORDER BY created_at DESC) c) AS claims,
       (SELECT state FROM player_fraud_status WHERE project_id = $1 AND external_user_id = $2 AND (expires_at IS NULL OR expires_at > $4)) AS state`;

/**
 * The player-level facts the gate needs, in one statement on the claim's transaction: players
 * sharing the run's network address in 24 h (from the address rollup the run's start writes, up to
 * the shared-address rule's higher threshold), unresolved flags of 7 days, claims of the last hour, and the manual
 * status (ignored once it expired).
 */
export async function playerFacts(tx: TTx, opts: { projectId: string; externalUserId: string; clientIpHash: string | null; at: Date }) {
  const { rows } = await tx.query<{ same_address: number; flags: number; claims: number; state: TManualState | null }>({
    name: "claim_player_facts", // prepared: see claimLock in create-claims.ts
    text: PLAYER_FACTS_SQL,
    values: [opts.projectId, opts.externalUserId, opts.clientIpHash, opts.at],
  });
  const r = rows[0]!;
  return { playersSameAddress24h: opts.clientIpHash ? r.same_address : 0, unresolvedFlags7d: r.flags, claimsLastHour: r.claims, manual: r.state };
}
