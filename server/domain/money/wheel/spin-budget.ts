import type { TTx } from "@/server/db/tx";
import type { TEconomyConfig } from "@/server/domain/money/economy/config";
import { awardResource, segmentCostMinor, type TWheelDraft, type TWheelId } from "./draft-model";
import { fallbackSegmentIndex } from "./draw";
import type { TSpinOutcome, TSpinRow } from "./spin-model";

/**
 * Budgets and caps, settled without holding the wheel for the whole spin: the spin decides on
 * what was spent when it started (settleSpin), then records itself with one statement whose
 * counter updates are conditional (recordSpin): the day's row and the wheel's row are each
 * updated only if the cost still fits and the caps still have room, re-checked by PostgreSQL on
 * the latest row version under its row lock. A spin that lost that race fails its transaction
 * (SpinRecordRefused: nothing of it is written) and is made again as a no-cost landing by the same
 * roll (its seed rolled back with it). Budgets can never be exceeded.
 */
export type TBudgetState = { spentTotal: number; awardsTotal: Record<string, number>; spentToday: number; awardsToday: Record<string, number> };
export type TSettled = { index: number; substituted: boolean; costMinor: number };

/** The drawn segment if it fits what was spent (budgets, caps, a resource that still exists); else a `nothing` segment by the same roll. */
export function settleSpin(opts: { config: TWheelDraft; economy: TEconomyConfig; budget: TBudgetState; drawnIndex: number; roll: bigint }): TSettled {
  const { config, budget } = opts;
  const drawn = config.segments[opts.drawnIndex]!;
  const cost = segmentCostMinor(config, drawn);
  const resource = awardResource(drawn.award);
  const fits =
    (cost === 0 || (budget.spentToday + cost <= config.budget_daily_minor && budget.spentTotal + cost <= config.budget_total_minor)) &&
    (drawn.caps.daily === null || (budget.awardsToday[drawn.id] ?? 0) < drawn.caps.daily) &&
    (drawn.caps.total === null || (budget.awardsTotal[drawn.id] ?? 0) < drawn.caps.total) &&
    (resource === null || opts.economy.resources.some((r) => r.id === resource));
  return fits ? { index: opts.drawnIndex, substituted: false, costMinor: cost } : substituteNothing(config, opts.roll);
}

export function substituteNothing(config: TWheelDraft, roll: bigint): TSettled {
  return { index: fallbackSegmentIndex(config.segments, roll), substituted: true, costMinor: 0 };
}

export type TNewSpin = {
  projectId: string;
  externalUserId: string;
  spinId: string;
  wheelId: TWheelId;
  wheelVersion: number;
  source: string;
  requestHash: string;
  day: string;
  kind: "free" | "ticket";
  ticketsSpent: number;
  nonce: number;
  serverSeed: string;
  serverSeedHash: string;
  drawnSegmentId: string;
  outcome: TSpinOutcome;
  settled: TSettled;
  config: TWheelDraft;
  at: Date;
};

/**
 * The counters (per day, then the wheel's lifetime: always in that order, so spins never
 * deadlock) and the spin row, all or none. When a budget or cap no longer has room the statement
 * fails (SpinRecordRefused), and with it the spin's transaction. Answers the spin's row as written:
 * every column is known before the insert, so the statement answers only that it recorded it (a
 * RETURNING of the row cost the web process its fifteen columns' description and parsing on every
 * spin; see loadSpinContext for what the two changes measured).
 */
export async function recordSpin(tx: TTx, s: TNewSpin): Promise<Omit<TSpinRow, "weights_commitment">> {
  const caps = s.config.segments[s.settled.index]!.caps;
  await tx.query<{ recorded: number }>({
    name: "wheel_spin_record", // prepared: every spin runs it (its rows by their keys)
    text: `WITH d AS (
       INSERT INTO wheel_day AS x (project_id, wheel_id, day, spins, spent_minor, awards)
       SELECT $1, $4, $8::date, 1, $17::bigint, jsonb_build_object($15::text, 1) WHERE $17::bigint = 0 OR $17::bigint <= $20::bigint
       ON CONFLICT (project_id, wheel_id, day) DO UPDATE
          SET spins = x.spins + 1, spent_minor = x.spent_minor + EXCLUDED.spent_minor,
              awards = jsonb_set(x.awards, ARRAY[$15::text], to_jsonb(COALESCE((x.awards->>$15::text)::int, 0) + 1))
        WHERE ($17::bigint = 0 OR x.spent_minor + $17::bigint <= $20::bigint) AND ($22::int IS NULL OR COALESCE((x.awards->>$15::text)::int, 0) < $22::int)
       RETURNING 1),
     t AS (
       UPDATE wheel SET spent_total_minor = spent_total_minor + $17::bigint,
              awards_total = jsonb_set(awards_total, ARRAY[$15::text], to_jsonb(COALESCE((awards_total->>$15::text)::int, 0) + 1))
        WHERE project_id = $1 AND wheel_id = $4 AND EXISTS (SELECT 1 FROM d)
          AND ($17::bigint = 0 OR spent_total_minor + $17::bigint <= $21::bigint) AND ($23::int IS NULL OR COALESCE((awards_total->>$15::text)::int, 0) < $23::int)
       RETURNING 1),
     s AS (
       INSERT INTO wheel_spin (project_id, external_user_id, spin_id, wheel_id, wheel_version, source, request_hash, day, kind, tickets_spent, nonce,
                               server_seed, server_seed_hash, drawn_segment_id, segment_id, outcome, cost_minor, substituted, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15::text, $16::jsonb, $17::bigint, $18, $19 WHERE EXISTS (SELECT 1 FROM t)
       RETURNING 1)
     -- A refused record divides by zero (SPIN_REFUSED), which fails the transaction.
     SELECT 1 / (SELECT count(*)::int FROM s) AS recorded`,
    values: [s.projectId, s.externalUserId, s.spinId, s.wheelId, s.wheelVersion, s.source, s.requestHash, s.day, s.kind, s.ticketsSpent, s.nonce,
      s.serverSeed, s.serverSeedHash, s.drawnSegmentId, s.outcome.segment.id, JSON.stringify(s.outcome), s.settled.costMinor, s.settled.substituted, s.at,
      s.config.budget_daily_minor, s.config.budget_total_minor, caps.daily, caps.total],
  }).catch((e: unknown) => {
    throw (e as { code?: string })?.code === SPIN_REFUSED ? new SpinRecordRefused(awardResource(s.outcome.award) !== null) : e;
  });
  return {
    spin_id: s.spinId, wheel_id: s.wheelId, wheel_version: s.wheelVersion, source: s.source, request_hash: s.requestHash, kind: s.kind, tickets_spent: s.ticketsSpent,
    nonce: s.nonce, server_seed: s.serverSeed, server_seed_hash: s.serverSeedHash, drawn_segment_id: s.drawnSegmentId, outcome: s.outcome, substituted: s.settled.substituted,
    created_at: s.at, seen_at: null,
  };
}

/** SQLSTATE division_by_zero: only recordSpin's refusal raises it in a spin's transaction. */
const SPIN_REFUSED = "22012";

/**
 * The counters had no room left for the spin's landing when it was recorded (another spin took
 * it after this one read the budget). The statement failed, so the whole transaction rolled back:
 * a refused record never commits, even with the COMMIT already sent behind it.
 */
export class SpinRecordRefused extends Error {
  /** `awarded`: the refused landing carried an award (a refused no-cost landing is an error). */
  constructor(readonly awarded: boolean) {
    super("the wheel's budget counters refused the spin's landing");
    this.name = "SpinRecordRefused";
  }
}
