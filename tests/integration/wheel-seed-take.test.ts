import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { freshSeed } from "@/server/domain/money/wheel/player-seed";
import type { TAdmin, TCall } from "../helpers/api";
import { newPlayer, type TPlayer } from "../helpers/play";
import { untilBlockedBy } from "../helpers/locks";
import { publishDraft, spin, TEST_SEGMENTS, wheelFixture, wheelProject } from "../helpers/wheel";

/**
 * The seed a spin takes (player-seed.ts) is what a player can check: the seed a spin reveals is the
 * one committed before it, a spin answered from storage or refused moves nothing, and a player
 * whose first read commits their seed while their first spin waits still gets that seed.
 */
let call: TCall;
let admin: TAdmin;
let pgc: pg.Client;
wheelFixture((f) => ({ call, admin, pgc } = f));

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** The player's commitment for their next spin, as GET /v1/wheel shows it (the rest of `fairness` is the version's). */
const commitment = async (p: TPlayer) => {
  const f = (await call("GET", "/v1/wheel", { token: p.token })).body.fairness as { next_server_seed_hash: string; next_nonce: number };
  return { next_server_seed_hash: f.next_server_seed_hash, next_nonce: f.next_nonce };
};
const seedRow = async (p: TPlayer) =>
  (await pgc.query("SELECT nonce, next_seed_hash FROM wheel_player WHERE project_id = $1 AND external_user_id = $2 AND wheel_id = 'daily'", [p.projectId, p.externalUserId])).rows;

describe("the seed a spin takes", () => {
  it("a player who never read the wheel: the first spin commits and reveals its own seed, the next reveals what the first committed", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 3, max_spins_per_day: 3 } });
    const p = await newPlayer(call, w.projectId, w.key);
    expect(await seedRow(p)).toEqual([]);
    const first = (await spin(call, p, { wheel_version: w.version })).body.fairness;
    expect(first.nonce).toBe(1);
    expect(sha256(first.server_seed)).toBe(first.server_seed_hash);
    const committed = await commitment(p);
    expect(committed.next_nonce).toBe(2);
    expect(committed.next_server_seed_hash).not.toBe(first.server_seed_hash);
    const second = (await spin(call, p, { wheel_version: w.version })).body.fairness;
    expect(second).toMatchObject({ nonce: 2, server_seed_hash: committed.next_server_seed_hash });
    expect(sha256(second.server_seed)).toBe(committed.next_server_seed_hash);
  });

  it("a spin answered from storage, or refused, moves nothing: the next real spin reveals the seed committed before them", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 1, max_spins_per_day: 5, ticket_cost: 10 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const body = { spin_id: randomUUID(), wheel_version: w.version };
    expect((await spin(call, p, body)).status).toBe(200);
    const before = await commitment(p);
    // the same spin again: its stored answer
    expect((await spin(call, p, body)).status).toBe(200);
    // a stale version, and a paid spin without the tickets
    const next = await publishDraft(call, admin, w.projectId, { ticket_cost: 10 });
    expect((await spin(call, p, { wheel_version: w.version })).body.code).toBe("wheel_version_stale");
    expect((await spin(call, p, { wheel_version: next.version })).body.code).toBe("insufficient_balance");
    expect(await commitment(p)).toEqual(before);
    expect(await seedRow(p)).toEqual([{ nonce: before.next_nonce - 1, next_seed_hash: before.next_server_seed_hash }]);
    // a version the player can afford (the seed is the player's, whatever the version)
    const cheaper = await publishDraft(call, admin, w.projectId, { ticket_cost: 1 });
    const paid = (await spin(call, p, { wheel_version: cheaper.version })).body;
    expect(paid.kind).toBe("ticket");
    expect(paid.fairness).toMatchObject({ nonce: before.next_nonce, server_seed_hash: before.next_server_seed_hash });
  });

  it("a first read committing the player's seed while their first spin waits for it: the spin takes that seed", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 3, max_spins_per_day: 3 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const seed = freshSeed();
    const holder = await pool().connect();
    try {
      // as GET /v1/wheel commits a seed for a player who has none (player-seed.ts commitNextSeed)
      await holder.query("BEGIN");
      await holder.query("INSERT INTO wheel_player (project_id, external_user_id, wheel_id, nonce, next_seed, next_seed_hash, updated_at) VALUES ($1, $2, 'daily', 0, $3, $4, now())", [p.projectId, p.externalUserId, seed.encrypted, seed.hash]);
      const spinning = spin(call, p, { wheel_version: w.version });
      await untilBlockedBy(holder, "the spin's statement waits for the read's seed row");
      await holder.query("COMMIT");
      const res = await spinning;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.fairness).toMatchObject({ nonce: 1, server_seed_hash: seed.hash });
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      holder.release();
    }
    const rows = await seedRow(p);
    expect(rows).toHaveLength(1);
    expect(rows[0].nonce).toBe(1);
  });
});
