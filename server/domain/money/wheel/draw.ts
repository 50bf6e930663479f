import { createHmac, randomBytes } from "node:crypto";
import { secureRandomHex } from "@/server/lib/random";
import { sha256Hex } from "@/server/lib/hash";
import type { TWheelSegment } from "./draft-model";

/**
 * The provably fair draw, as pure functions (no I/O) so that anyone can recompute a spin:
 *
 *   server_seed       64 hex characters, 32 bytes of node:crypto's CSPRNG (server/lib/random.ts), drawn before the spin
 *   server_seed_hash  SHA-256 of the server_seed text, shown to the player before the spin
 *   client_seed       the spin_id the client picked (after it saw server_seed_hash)
 *   nonce             1 for the player's first spin of this wheel, then +1 per spin
 *   digest            HMAC-SHA256(key = server_seed text, message = "<client_seed>:<nonce>")
 *   roll              the first 13 hex digits of digest as an integer R, 0 ≤ R < 2^52
 *   ticket            floor(R × W / 2^52), W = the sum of the version's weights
 *   drawn segment     the first segment (published order) whose cumulative weight exceeds ticket
 *
 * The weights are secret from players; each published version commits to them with
 * SHA-256("<weights_salt>:<canonical table>") (see weightsCommitment). When a drawn award would
 * break a budget or a cap, the spin lands on a `nothing` segment picked by the same R over the
 * nothing segments' weights, and says so (`substituted`).
 */
export const FAIRNESS_SCHEME = "hmac_sha256_r52_v1" as const;
const ROLL_BITS = 52n;

export function newServerSeed(): string {
  return secureRandomHex(32);
}

export function serverSeedHash(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

export function computeRoll(serverSeed: string, clientSeed: string, nonce: number): { hex: string; value: bigint } {
  const digest = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}`).digest("hex");
  const hex = digest.slice(0, 13);
  return { hex, value: BigInt(`0x${hex}`) };
}

/** The index of the weight interval R falls in, with integer arithmetic only (no float rounding). */
export function pickByWeight(weights: readonly number[], roll: bigint): number {
  const total = weights.reduce((n, w) => n + w, 0);
  const ticket = (roll * BigInt(total)) >> ROLL_BITS;
  let cumulative = 0n;
  for (let i = 0; i < weights.length; i++) {
    cumulative += BigInt(weights[i]!);
    if (ticket < cumulative) return i;
  }
  return weights.length - 1;
}

export function drawSegmentIndex(segments: readonly Pick<TWheelSegment, "weight">[], roll: bigint): number {
  return pickByWeight(segments.map((s) => s.weight), roll);
}

/** The `nothing` segment a substituted spin lands on: the same roll over the nothing segments' weights. */
export function fallbackSegmentIndex(segments: readonly Pick<TWheelSegment, "weight" | "award">[], roll: bigint): number {
  const nothing = segments.map((s, i) => ({ s, i })).filter(({ s }) => s.award.type === "nothing");
  return nothing[pickByWeight(nothing.map(({ s }) => s.weight), roll)]!.i;
}

/** The canonical weight table: `[["<segment id>", weight], …]` in published order, as compact JSON. */
function weightTable(segments: readonly Pick<TWheelSegment, "id" | "weight">[]): string {
  return JSON.stringify(segments.map((s) => [s.id, s.weight]));
}

/** Salted so the small space of plausible weight tables cannot be searched from the hash. */
export function weightsCommitment(salt: string, segments: readonly Pick<TWheelSegment, "id" | "weight">[]): string {
  return sha256Hex(`${salt}:${weightTable(segments)}`);
}

export function newWeightsSalt(): string {
  return randomBytes(16).toString("hex");
}

/** `count` independent rolls straight from the CSPRNG (the simulation: no seeds to commit to). */
export function randomRolls(count: number): bigint[] {
  const bytes = randomBytes(count * 7);
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) out.push(BigInt(`0x${bytes.subarray(i * 7, i * 7 + 7).toString("hex")}`) >> 4n);
  return out;
}
