import { sentAhead, withTransaction } from "@/server/db/tx";
import { guardPlayerWrite } from "@/server/domain/players/write-guard";
import { sendLedgerChanges } from "@/server/domain/economy/ledger";
import type { TPlayerSession } from "@/server/domain/players/player-token";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { sha256Hex } from "@/server/lib/crypto";
import type { TRatePolicyName } from "@/server/rate-limit/policies";
import { enforceAsked, rateLimiter, type TAskedLimit } from "@/server/rate-limit/limiter";
import { awardAmount, awardResource, canonicalJson, TICKET_RESOURCE_ID, type TWheelId } from "./draft-model";
import { drawSegmentIndex, computeRoll } from "./draw";
import { freshSeed, takeCommittedSeed } from "./player-seed";
import { assertWheelPlayable, computeEntitlement, loadSpinContext } from "./player-wheel";
import { recordSpin, settleSpin, SpinRecordRefused, substituteNothing, type TSettled } from "./spin-budget";
import { spinView, type TSpinView } from "./spin-model";

export const SPIN_MAX_BODY_BYTES = 512;

export type TSpinInput = { spinId: string; wheelId: TWheelId; wheelVersion: number; source: string };

/**
 * One spin, one transaction, serialised per player by an advisory lock:
 * 1. a durable spin with this spin_id answers as stored (same body) or 409 `idempotency_conflict`
 *    (another body), and the quota points it took are given back, so retries never cost the
 *    player a spin (the quotas are asked beside the first round trip, not after it);
 * 2. quotas (6 a minute, 30 an hour per player), then the published version (a stale
 *    `wheel_version` is 409 with the current one) and the day's entitlement: free spins first,
 *    then `ticket_cost` tickets through the ledger (409 `insufficient_balance`, nothing written);
 * 3. the draw from the player's committed seed, the award credited through the ledger, and the
 *    spin recorded with budget counters that only move while the budgets and caps have room (else
 *    the transaction rolls back whole and the spin is made again, by the same roll, as a no-cost
 *    landing) — all or nothing.
 */
export async function spinWheel(opts: { player: TPlayerSession; origin: string | null; apiOrigin: string; bodyBytes: number; input: TSpinInput }): Promise<TSpinView> {
  const { player, input } = opts;
  if (opts.bodyBytes > SPIN_MAX_BODY_BYTES) throw new AppError("validation_error", `Spin body over ${SPIN_MAX_BODY_BYTES} bytes`, { status: 413 });
  if (opts.origin !== opts.apiOrigin) throw new AppError("origin_not_allowed", "Origin must be the API origin");
  const requestHash = sha256Hex(canonicalJson({ wheel_id: input.wheelId, wheel_version: input.wheelVersion, source: input.source }));
  // The seed a player who never read the wheel gets with this spin: one for both attempts, so a
  // second attempt (its first one's seed row rolled back with it) rolls the same roll.
  const seed = freshSeed();
  const attempt = (substitute: boolean) => spinOnce({ player, input, requestHash, substitute, seed });
  try {
    return await attempt(false);
  } catch (e) {
    // The budget went to other spins after this one read it: nothing of this attempt was written
    // (its seed neither), so the same seed and nonce give the same roll, landed on a no-cost segment.
    if (!(e instanceof SpinRecordRefused) || !e.awarded) throw e;
    return attempt(true);
  }
}

/**
 * One attempt at a spin, in one transaction. `substitute`: the attempt before lost its award to the
 * budget counters; this one lands on a no-cost segment by the same roll, and its quotas were
 * counted already. The spin's record and the COMMIT travel together: the wheel's counter rows are
 * locked from that statement to the commit (every spin of the wheel updates them), so no round
 * trip is spent while holding them.
 */
async function spinOnce(o: { player: TPlayerSession; input: TSpinInput; requestHash: string; substitute: boolean; seed: ReturnType<typeof freshSeed> }): Promise<TSpinView> {
  const { player, input, requestHash } = o;
  const playerKey = `${player.projectId}:${player.externalUserId}`;
  return withTransaction(async (tx, andCommit) => {
    // One round trip: the player's data lock and the erased-session check (first, as every player
    // write: session-erasure.ts), the spin lock and, once it is granted, the context read (BEGIN
    // goes with them). The quotas are asked of Redis meanwhile; a stored spin gets their points back below.
    const guard = guardPlayerWrite(tx, player, { ingress: true });
    sentAhead(tx.query({ name: "wheel_spin_lock", text: "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", values: [`wheel-spin:${playerKey}`] }));
    const quotas = o.substitute ? [] : SPIN_QUOTAS.map((name) => rateLimiter().ask(name, playerKey));
    const at = now();
    const { stored, wheel: w, counts, budget } = await loadSpinContext(tx, player, input.wheelId, input.spinId, at, o.seed);
    await guard;
    if (stored) {
      await giveBack(quotas, playerKey);
      if (stored.request_hash !== requestHash) {
        throw new AppError("idempotency_conflict", "spin_id was already used for a different spin (wheel_id, wheel_version or source differ)", { details: { spin_id: input.spinId } });
      }
      return spinView(stored);
    }
    await enforceQuotas(quotas, playerKey);

    const published = assertWheelPlayable(w, player);
    if (input.wheelVersion !== published.version) {
      throw new AppError("wheel_version_stale", `The wheel is at version ${published.version}`, { details: { current_version: published.version } });
    }
    if (!w.economyEnabled) throw new AppError("economy_disabled", "The project's economy is switched off");
    const config = published.config;
    const entitlement = computeEntitlement(config, counts, w.today, w.resetsAt);
    if (entitlement.free_spins_left + entitlement.paid_spins_left === 0) {
      throw new AppError("wheel_spins_exhausted", "No spins left today", { details: { resets_at: entitlement.resets_at } });
    }
    const kind = entitlement.free_spins_left > 0 ? "free" : "ticket";
    const ticketsSpent = kind === "ticket" ? config.ticket_cost : 0;
    const ledger = { projectId: player.projectId, externalUserId: player.externalUserId, economy: w.economy, reference: `wheel_spin:${input.spinId}`, at };
    // The tickets' write and the seed's statement go out together.
    const tickets = ticketsSpent > 0
      ? (await sendLedgerChanges(tx, { ...ledger, changes: [{ resourceId: TICKET_RESOURCE_ID, amount: -ticketsSpent }], source: "wheel_ticket", idempotencyKey: `wheel_ticket:${input.spinId}` })).written
      : null;
    const [, seed] = await Promise.all([tickets, takeCommittedSeed(tx, player, input.wheelId)]);
    const roll = computeRoll(seed.seed, input.spinId, seed.nonce);
    const drawnIndex = drawSegmentIndex(config.segments, roll.value);
    const record = (settled: TSettled) => {
      const landed = config.segments[settled.index]!;
      return recordSpin(tx, {
        projectId: player.projectId,
        externalUserId: player.externalUserId,
        spinId: input.spinId,
        wheelId: input.wheelId,
        wheelVersion: published.version,
        source: input.source,
        requestHash,
        day: w.today,
        kind,
        ticketsSpent,
        nonce: seed.nonce,
        serverSeed: seed.seed,
        serverSeedHash: seed.seedHash,
        drawnSegmentId: config.segments[drawnIndex]!.id,
        outcome: { segment: { id: landed.id, index: settled.index, label: landed.label, icon: landed.icon }, drawn_index: drawnIndex, award: landed.award },
        settled,
        config,
        at,
      });
    };

    const drawnSettled = settleSpin({ config, economy: w.economy, budget, drawnIndex, roll: roll.value });
    const settled = o.substitute && !drawnSettled.substituted ? substituteNothing(config, roll.value) : drawnSettled;
    const landed = config.segments[settled.index]!;
    const resource = awardResource(landed.award);
    // The award is credited first, its write sent with the spin's record and the COMMIT. If the
    // budget is gone by the time the spin is recorded, the record fails the transaction (nothing is
    // written) and spinWheel makes the spin again as a no-cost landing.
    const credited = resource
      ? (await sendLedgerChanges(tx, { ...ledger, changes: [{ resourceId: resource, amount: awardAmount(landed.award) }], source: "wheel_award", idempotencyKey: `wheel_award:${input.spinId}` })).written
      : null;
    const [, row] = await andCommit(Promise.all([credited, record(settled)]));
    return spinView({ ...row, weights_commitment: published.weightsCommitment });
  });
}

/** A spin's quotas, in the order they are enforced: a spin refused by the first does not count in the second. */
const SPIN_QUOTAS = ["wheelSpinMinute", "wheelSpinHour"] as const satisfies readonly TRatePolicyName[];

type TAsked = Promise<TAskedLimit>;

/** The points these answers took, given back (a spin they should not have counted). */
async function giveBack(asked: TAsked[], key: string): Promise<void> {
  await Promise.all(asked.map(async (a) => rateLimiter().giveBack(await a, key)));
}

/** The first quota that refuses (or whose store failed: fail closed) throws; the quotas after it get their points back. */
async function enforceQuotas(asked: TAsked[], key: string): Promise<void> {
  for (const [i, pending] of asked.entries()) {
    const a = await pending;
    if ("error" in a || !a.result.allowed) {
      await giveBack(asked.slice(i + 1), key);
      enforceAsked(a);
    }
  }
}
