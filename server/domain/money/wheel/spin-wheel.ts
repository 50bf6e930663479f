import { withTransaction } from "@/server/db/tx";
import { anonymousId, guardPlayerWrite, sessionSubject } from "@/server/domain/identity";
import { sendLedgerChanges } from "@/server/domain/money/economy/ledger";
import type { TPlayerSession } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { sha256Hex } from "@/server/lib/crypto";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { canonicalJson, TICKET_RESOURCE_ID, type TWheelId } from "./draft-model";
import { answerStoredSpin, decideDraw, decideSpin } from "./decide-spin";
import { freshSeed, takeCommittedSeed } from "./player-seed";
import { loadSpinContext } from "./player-wheel";
import { recordSpin, SpinRecordRefused } from "./spin-budget";
import { spinView, type TSpinView } from "./spin-model";
import { wheelBudgetSpent, wheelSpins } from "@/server/metrics/prometheus";

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
export async function spinWheel(opts: { player: TPlayerSession; origin: string | null; apiOrigin: string; bodyBytes: number; input: TSpinInput; limits: TLimitGate }): Promise<TSpinView> {
  const { player } = opts;
  // The spin id as the database writes a uuid (lower case): the draw's client seed, the ledger's
  // keys and the proof the answer publishes are all made from this one text, so an id sent in
  // upper case still gets a proof that reproduces its draw.
  const input = { ...opts.input, spinId: opts.input.spinId.toLowerCase() };
  if (opts.bodyBytes > SPIN_MAX_BODY_BYTES) throw new AppError("validation_error", `Spin body over ${SPIN_MAX_BODY_BYTES} bytes`, { status: 413 });
  if (opts.origin !== opts.apiOrigin) throw new AppError("origin_not_allowed", "Origin must be the API origin");
  const requestHash = sha256Hex(canonicalJson({ wheel_id: input.wheelId, wheel_version: input.wheelVersion, source: input.source }));
  // The seed a player who never read the wheel gets with this spin: one for both attempts, so a
  // second attempt (its first one's seed row rolled back with it) rolls the same roll.
  const seed = freshSeed();
  const attempt = (substitute: boolean) => spinOnce({ player, input, requestHash, substitute, seed, limits: opts.limits });
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
async function spinOnce(o: { player: TPlayerSession; input: TSpinInput; requestHash: string; substitute: boolean; seed: ReturnType<typeof freshSeed>; limits: TLimitGate }): Promise<TSpinView> {
  const { player, input, requestHash } = o;
  const playerKey = `${player.projectId}:${player.externalUserId}`;
  return withTransaction(async (tx, batch) => {
    // One round trip: the player's data lock and the erased-session check (first, as every player
    // write: session-erasure.ts), the spin lock and, once it is granted, the context read, and the
    // committed seed taken (BEGIN goes with them). The route's quotas (a minute's, then an hour's: a
    // spin refused by the first does not count in the second) are asked of Redis meanwhile; a
    // stored spin gets their points back.
    const guard = guardPlayerWrite(tx, player, { ingress: true });
    batch.send(tx.query({ name: "wheel_spin_lock", text: "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", values: [`wheel-spin:${playerKey}`] }));
    if (!o.substitute) o.limits.ask();
    const at = now();
    const context = batch.send(loadSpinContext(tx, player, input.wheelId, input.spinId, at, o.seed, anonymousId(sessionSubject(player))));
    const committedSeed = batch.send(takeCommittedSeed(tx, player, input.wheelId, input.spinId));
    const { stored, spinIdErased, wheel, counts, budget } = await context;
    await guard;
    if (stored) {
      await o.limits.giveBack();
      return spinView(answerStoredSpin(stored, requestHash, input.spinId));
    }
    if (spinIdErased) {
      // Paid before the player's data was erased, and kept for the wheel's accounts: not again.
      await o.limits.giveBack();
      throw new AppError("idempotency_conflict", "This spin_id was used before the player's data was erased; send a new spin_id", { details: { spin_id: input.spinId } });
    }
    if (!o.substitute) await o.limits.enforce();
    const plan = decideSpin({ wheel, counts, subjectType: player.subjectType, wheelVersion: input.wheelVersion });
    const config = plan.published.config;
    const ledger = { projectId: player.projectId, externalUserId: player.externalUserId, economy: wheel.economy, reference: `wheel_spin:${input.spinId}`, at };
    // The tickets' write goes out with the award's statements (its failure comes first and fails them).
    const tickets = plan.ticketsSpent > 0
      ? (await sendLedgerChanges(tx, { ...ledger, changes: [{ resourceId: TICKET_RESOURCE_ID, amount: -plan.ticketsSpent }], source: "wheel_ticket", idempotencyKey: `wheel_ticket:${input.spinId}` })).written
      : null;
    const seed = await committedSeed;
    if (!seed) throw new Error("wheel_player: no committed seed for a spin that is not stored");
    const draw = decideDraw({ config, economy: wheel.economy, budget, seed, spinId: input.spinId, substitute: o.substitute });
    // The award is credited first, its write sent with the spin's record and the COMMIT. If the
    // budget is gone by the time the spin is recorded, the record fails the transaction (nothing is
    // written) and spinWheel makes the spin again as a no-cost landing.
    const credited = draw.award
      ? (await behind(tickets, sendLedgerChanges(tx, { ...ledger, changes: [draw.award], source: "wheel_award", idempotencyKey: `wheel_award:${input.spinId}` }))).written
      : null;
    const recorded = recordSpin(tx, {
      ...draw.record, projectId: player.projectId, externalUserId: player.externalUserId, spinId: input.spinId, wheelId: input.wheelId, wheelVersion: plan.published.version,
      source: input.source, requestHash, day: wheel.today, kind: plan.kind, ticketsSpent: plan.ticketsSpent, config, at,
    });
    const [, , row] = await batch.commitWith(Promise.all([tickets, credited, recorded]));
    countSpin(draw.record.settled.costMinor, draw.record.settled.substituted, draw.award !== null);
    return spinView({ ...row, weights_commitment: plan.published.weightsCommitment });
  });
}

/** `next`'s answer — or, when `before` (sent ahead of it) failed, that failure, which failed `next` too. */
async function behind<T>(before: Promise<unknown> | null, next: Promise<T>): Promise<T> {
  const [, answer] = await Promise.all([before, next]);
  return answer;
}

/** The operator's counters for a recorded spin (server/metrics/prometheus.ts). */
function countSpin(costMinor: number, substituted: boolean, awarded: boolean): void {
  wheelSpins.inc({ result: substituted ? "substituted" : costMinor > 0 ? "prize" : awarded ? "free_award" : "nothing" });
  if (costMinor > 0) wheelBudgetSpent.inc(costMinor);
}
