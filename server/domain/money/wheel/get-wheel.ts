import { pool } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { guardPlayerWrite, type TPlayerSession } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";
import { TICKET_RESOURCE_ID, type TWheelId } from "./draft-model";
import { FAIRNESS_SCHEME } from "./draw";
import { commitNextSeed } from "./player-seed";
import { assertWheelPlayable, countSpinsToday, computeEntitlement, loadPlayerWheel } from "./player-wheel";
import { publicSegment, spinView } from "./spin-model";
import { findPendingSpin } from "./spin-store";
import { rulesIn, wheelLanguage } from "./wheel-language";

/**
 * The published wheel for a player, in the first of their languages its rules are written in
 * (else the rules' own: wheel-language.ts): segments without weights, caps or costs; the player's
 * entitlement for the wheel's day; their latest unseen spin; and the hash of the server seed
 * their next spin will use (committed here, before they pick the spin's id). Never cached.
 */
export async function getPlayerWheel(opts: { player: TPlayerSession; wheelId: TWheelId; languageWishes?: readonly string[] }) {
  const { player } = opts;
  const at = now();
  const w = await loadPlayerWheel(pool(), player, opts.wheelId, at);
  const published = assertWheelPlayable(w, player);
  const config = published.config;
  const [counts, pending, seed, tickets] = await Promise.all([
    countSpinsToday(pool(), player, opts.wheelId, w.today),
    findPendingSpin(pool(), player, opts.wheelId),
    // a write (a first read commits the player's seed): behind the player's data lock and the
    // erasure check, as every player write, so a read in flight never writes an erased player back
    withTransaction(async (tx) => {
      await guardPlayerWrite(tx, player);
      return commitNextSeed(tx, player, opts.wheelId);
    }),
    pool().query<{ balance: string }>("SELECT balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3", [player.projectId, player.externalUserId, TICKET_RESOURCE_ID]),
  ]);
  const lang = wheelLanguage(config.rules, w.defaultLanguage, opts.languageWishes ?? []);
  const ticketResource = w.economy.resources.find((r) => r.id === TICKET_RESOURCE_ID);
  return {
    wheel_id: opts.wheelId,
    version: published.version,
    published_at: published.publishedAt.toISOString(),
    timezone: w.timezone,
    segments: config.segments.map((s, i) => publicSegment(s, i, lang)),
    free_spins_per_day: config.free_spins_per_day,
    max_spins_per_day: config.max_spins_per_day,
    ticket_cost: config.ticket_cost,
    rules: rulesIn(config.rules, lang, w.defaultLanguage),
    entitlement: {
      ...computeEntitlement(config, counts, w.today, w.resetsAt),
      // A player without a balance row still holds the starting balance (credited on first use).
      ticket_balance: ticketResource ? (tickets.rows[0] ? Number(tickets.rows[0].balance) : ticketResource.starting_balance) : 0,
    },
    pending: pending ? spinView(pending) : null,
    fairness: { scheme: FAIRNESS_SCHEME, next_server_seed_hash: seed.next_server_seed_hash, next_nonce: seed.next_nonce, weights_commitment: published.weightsCommitment },
    server_time: at.toISOString(),
  };
}
