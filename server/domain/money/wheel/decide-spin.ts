import { AppError } from "@/server/errors/app-error";
import { awardAmount, awardResource, type TWheelDraft } from "./draft-model";
import { computeRoll, drawSegmentIndex } from "./draw";
import { assertWheelPlayable, computeEntitlement, type TPlayerWheel, type TSpinCounts } from "./player-wheel";
import { settleSpin, substituteNothing, type TBudgetState, type TNewSpin, type TSettled } from "./spin-budget";
import type { TSpinRow } from "./spin-model";

/**
 * The rules of a spin, as pure functions of what the spin's context read loaded
 * (player-wheel.ts loadSpinContext) and of the player's committed seed: whether a stored spin
 * answers again, whether the player may spin now and what it costs, and where the wheel lands.
 * spin-wheel.ts loads the facts, asks these, and writes what they return (ledger, spin-budget).
 */

type TStoredSpin = Omit<TSpinRow, "weights_commitment">;

/** A stored spin with this spin_id answers as stored when the request is the same; another request is 409 `idempotency_conflict`. */
export function answerStoredSpin<S extends Pick<TStoredSpin, "request_hash">>(stored: S, requestHash: string, spinId: string): S {
  if (stored.request_hash !== requestHash) {
    throw new AppError("idempotency_conflict", "spin_id was already used for a different spin (wheel_id, wheel_version or source differ)", { details: { spin_id: spinId } });
  }
  return stored;
}

export type TSpinPlan = { published: NonNullable<TPlayerWheel["published"]>; kind: "free" | "ticket"; ticketsSpent: number };

/**
 * Whether the player may spin now, and how: anonymous sessions spin only in free-play projects; the
 * wheel must be published at the version the player saw (409 `wheel_version_stale` with the current
 * one) and the economy on; free spins come first, then `ticket_cost` tickets, within the day's maximum
 * (409 `wheel_spins_exhausted`).
 */
export function decideSpin(f: { wheel: TPlayerWheel; counts: TSpinCounts; subjectType: "verified" | "anonymous"; wheelVersion: number }): TSpinPlan {
  const { wheel: w } = f;
  const published = assertWheelPlayable(w, f);
  if (f.wheelVersion !== published.version) {
    throw new AppError("wheel_version_stale", `The wheel is at version ${published.version}`, { details: { current_version: published.version } });
  }
  if (!w.economyEnabled) throw new AppError("economy_disabled", "The project's economy is switched off");
  const entitlement = computeEntitlement(published.config, f.counts, w.today, w.resetsAt);
  if (entitlement.free_spins_left + entitlement.paid_spins_left === 0) {
    throw new AppError("wheel_spins_exhausted", "No spins left today", { details: { resets_at: entitlement.resets_at } });
  }
  const kind = entitlement.free_spins_left > 0 ? "free" : "ticket";
  return { published, kind, ticketsSpent: kind === "ticket" ? published.config.ticket_cost : 0 };
}

/**
 * Where the wheel lands, from the player's committed seed and nonce and the spin's id (provably
 * fair: the roll is HMAC(seed, spin_id:nonce)): the drawn segment, kept when it fits what the wheel
 * has spent (budgets, caps), else a no-cost segment by the same roll; with `substitute` (an earlier
 * attempt lost its award to the budget counters) always the no-cost landing. Answers the spin's
 * record (without the ids the caller adds) and the award to credit.
 */
export function decideDraw(f: {
  config: TWheelDraft;
  economy: TPlayerWheel["economy"];
  budget: TBudgetState;
  seed: { seed: string; seedHash: string; nonce: number };
  spinId: string;
  substitute: boolean;
}): { record: Pick<TNewSpin, "nonce" | "serverSeed" | "serverSeedHash" | "drawnSegmentId" | "outcome" | "settled">; award: { resourceId: string; amount: number } | null } {
  const { config } = f;
  const roll = computeRoll(f.seed.seed, f.spinId, f.seed.nonce);
  const drawnIndex = drawSegmentIndex(config.segments, roll.value);
  const drawn = settleSpin({ config, economy: f.economy, budget: f.budget, drawnIndex, roll: roll.value });
  const settled: TSettled = f.substitute && !drawn.substituted ? substituteNothing(config, roll.value) : drawn;
  const landed = config.segments[settled.index]!;
  const resource = awardResource(landed.award);
  return {
    record: {
      nonce: f.seed.nonce,
      serverSeed: f.seed.seed,
      serverSeedHash: f.seed.seedHash,
      drawnSegmentId: config.segments[drawnIndex]!.id,
      outcome: { segment: { id: landed.id, index: settled.index, label: landed.label, icon: landed.icon }, drawn_index: drawnIndex, award: landed.award },
      settled,
    },
    award: resource ? { resourceId: resource, amount: awardAmount(landed.award) } : null,
  };
}
