import type { TTx } from "@/server/db/tx";
import type { TAddressHashes } from "./address-keys";
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
 * playerFacts' statement: $1 project, $2 player, $3 the run's network hash, $4 the event time, $5
 * the run's full-address hash (IPv6) or null.
 * The players on the run's address are counted under its network's hash and, where the run has
 * one, under its full address's (rollup rows written before network counting, migration 0023):
 * each branch stops at the count limit, so the union of two bounded scans has at least as many
 * distinct players as the limit whenever there are that many, and the count stops there too.
 * The claims count asks for the player's claims newest first, which only the (project, player,
 * created_at) index gives without a sort. Without that, a plan made while reward_claim had no
 * statistics (a new database's first minutes, when this prepared statement's generic plan is
 * made and then kept by the connection) found every index on project_id equally cheap and took
 * the idempotency key's, reading all of the project's claims for each claim (1 622 rows, 0.65 ms
 * at the end of a bench phase) — see docs/performance-log.md.
 */
export const PLAYER_FACTS_SQL = `WITH lim AS MATERIALIZED (SELECT ${sharedAddressCountLimitSql("$1")} AS n)
SELECT (SELECT count(*)::int FROM (
         (SELECT external_user_id FROM address_player WHERE project_id = $1 AND client_ip_hash = $3 AND last_started_at > $4::timestamptz - interval '24 hours' LIMIT (SELECT n FROM lim))
         UNION
         (SELECT external_user_id FROM address_player WHERE $5::text IS NOT NULL AND project_id = $1 AND client_ip_hash = $5 AND last_started_at > $4::timestamptz - interval '24 hours' LIMIT (SELECT n FROM lim))
         LIMIT (SELECT n FROM lim)) a) AS same_address,
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
export async function playerFacts(tx: TTx, opts: { projectId: string; externalUserId: string; address: TAddressHashes; at: Date }) {
  const { rows } = await tx.query<{ same_address: number; flags: number; claims: number; state: TManualState | null }>({
    name: "claim_player_facts", // prepared: see claimLock in create-claims.ts
    text: PLAYER_FACTS_SQL,
    values: [opts.projectId, opts.externalUserId, opts.address.network, opts.at, opts.address.address],
  });
  const r = rows[0]!;
  return { playersSameAddress24h: opts.address.network ? r.same_address : 0, unresolvedFlags7d: r.flags, claimsLastHour: r.claims, manual: r.state };
}
