import type { TTx } from "@/server/db/tx";
import type { TPlayerSession } from "@/server/domain/identity";
import { decrypt, encrypt } from "@/server/lib/crypto";
import { now } from "@/server/lib/clock";
import { newServerSeed, serverSeedHash } from "./draw";
import type { TWheelId } from "./draft-model";

/**
 * The commitment half of the fair draw: each player holds, per wheel, the server seed of their
 * next spin, drawn in advance; its hash is what GET /v1/wheel shows before the player spins.
 * The seed is stored encrypted, so a read of the table alone does not reveal coming outcomes.
 */
export function freshSeed(): { encrypted: string; hash: string } {
  const seed = newServerSeed();
  return { encrypted: encrypt("wheel-seed", seed), hash: serverSeedHash(seed) };
}

/** The next spin's seed hash and nonce, committing a seed first if the player has none. */
export async function commitNextSeed(q: TTx, player: TPlayerSession, wheelId: TWheelId): Promise<{ next_server_seed_hash: string; next_nonce: number }> {
  const fresh = freshSeed();
  // A second try: a row that a concurrent first spin inserted after this statement's snapshot is
  // neither inserted nor seen by it; the next statement sees it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const { rows } = await q.query<{ nonce: number; next_seed_hash: string }>(
      `WITH ins AS (
         INSERT INTO wheel_player (project_id, external_user_id, wheel_id, nonce, next_seed, next_seed_hash, updated_at)
         VALUES ($1, $2, $3, 0, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING nonce, next_seed_hash)
       SELECT nonce, next_seed_hash FROM ins
       UNION ALL
       SELECT nonce, next_seed_hash FROM wheel_player WHERE project_id = $1 AND external_user_id = $2 AND wheel_id = $3 AND NOT EXISTS (SELECT 1 FROM ins)`,
      [player.projectId, player.externalUserId, wheelId, fresh.encrypted, fresh.hash, now()],
    );
    if (rows[0]) return { next_server_seed_hash: rows[0].next_seed_hash, next_nonce: rows[0].nonce + 1 };
  }
  throw new Error("wheel_player: no committed seed after two tries");
}

/**
 * Inside a spin (the player's lock held, the row ensured by loadSpinContext, which this is sent
 * right behind, in the same round trip): the committed seed and its nonce for this spin, and a new
 * seed committed for the next one. A player who never read the wheel gets a seed committed in the
 * spin itself; it is still drawn before the roll, but they saw no hash in advance. Sent before the
 * spin knows it goes ahead, so it moves nothing when this spin_id is stored already (the spin then
 * answers as stored and commits: null here); every other way a spin stops rolls its transaction
 * back, the seed's turn with it, and a spin made again gets the same seed.
 */
export async function takeCommittedSeed(tx: TTx, player: TPlayerSession, wheelId: TWheelId, spinId: string): Promise<{ seed: string; seedHash: string; nonce: number; nextSeedHash: string } | null> {
  const next = freshSeed();
  const { rows } = await tx.query<{ seed: string; seed_hash: string; nonce: number }>({
    name: "wheel_seed_take", // prepared: every spin runs it
    text: `WITH old AS (SELECT next_seed, next_seed_hash FROM wheel_player WHERE project_id = $1 AND external_user_id = $2 AND wheel_id = $3)
     UPDATE wheel_player SET nonce = nonce + 1, next_seed = $4, next_seed_hash = $5, updated_at = $6
      WHERE project_id = $1 AND external_user_id = $2 AND wheel_id = $3
        AND NOT EXISTS (SELECT 1 FROM wheel_spin s WHERE s.project_id = $1 AND s.external_user_id = $2 AND s.spin_id = $7::uuid)
     RETURNING (SELECT next_seed FROM old) AS seed, (SELECT next_seed_hash FROM old) AS seed_hash, nonce`,
    values: [player.projectId, player.externalUserId, wheelId, next.encrypted, next.hash, now(), spinId],
  });
  const row = rows[0];
  return row ? { seed: decrypt("wheel-seed", row.seed), seedHash: row.seed_hash, nonce: row.nonce, nextSeedHash: next.hash } : null;
}
