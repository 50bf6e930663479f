import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, playProject, sendCommand, startRun, type TPlayer } from "../helpers/play";
import { claimsOf, createCampaign, playToBrink, rewardsProject } from "../helpers/rewards";

/** Boosters bought with the economy work in games: once, for their buyer, in their game. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

async function buy(p: TPlayer, booster: string): Promise<string> {
  const res = await call("POST", "/v1/economy/spend", { token: p.token, ip: p.ip, body: { booster_id: booster, idempotency_key: randomUUID() } });
  if (res.status !== 200) throw new Error(`spend ${res.status} ${res.text}`);
  return res.body.effect_token;
}

const booster = (p: TPlayer, runId: string, sequence: number, payload: Record<string, unknown>) =>
  sendCommand(call, p, runId, { command_id: randomUUID(), sequence, action: "booster", payload });

describe("boosters in games", () => {
  it("a shuffle works once, for its buyer, and uses no move", async () => {
    const { projectId, key } = await playProject(call, admin, "match3_v1");
    const p = await newPlayer(call, projectId, key);
    const run = (await startRun(call, p)).body;
    const token = await buy(p, "gem_shuffle");
    const used = await booster(p, run.run_id, 1, { effect: "shuffle", effect_token: token });
    expect(used.body).toMatchObject({ accepted: true, sequence: 1, status: "active" });
    expect(used.body.view.moves_left).toBe(run.view.moves_left);
    expect(used.body.animation_steps[0]).toEqual({ type: "booster", effect: "shuffle" });
    expect(JSON.stringify(used.body.view.grid)).not.toBe(JSON.stringify(run.view.grid));
    expect((await pool().query("SELECT status, used_run_id, used_sequence FROM effect_token WHERE project_id = $1", [projectId])).rows).toEqual([{ status: "used", used_run_id: run.run_id, used_sequence: 1 }]);
    expect((await call("GET", "/v1/economy/balances", { token: p.token, ip: p.ip })).body.owned_boosters).toEqual([]);
    const again = await booster(p, run.run_id, 2, { effect: "shuffle", effect_token: token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "effect_token_invalid", reason: "already_used" });
    // Another player, even of the same project, cannot play it.
    const q = await newPlayer(call, projectId, key);
    const theirRun = (await startRun(call, q)).body;
    const stolen = await booster(q, theirRun.run_id, 1, { effect: "shuffle", effect_token: await buy(p, "gem_shuffle") });
    expect(stolen.body).toMatchObject({ code: "effect_token_invalid", reason: "unknown" });
    expect((await pool().query("SELECT sequence FROM game_run WHERE id = $1", [theirRun.run_id])).rows[0].sequence).toBe(0);
    // A forged token never reaches the database.
    const forged = await booster(p, run.run_id, 2, { effect: "shuffle", effect_token: token.replace(/.$/, (c: string) => (c === "A" ? "B" : "A")) });
    expect(forged.body).toMatchObject({ code: "effect_token_invalid", reason: "malformed" });
  });

  it("a token is for its game and effect; a booster the engine refuses does not spend it", async () => {
    const { projectId, key } = await playProject(call, admin, "match3_v1");
    const p = await newPlayer(call, projectId, key);
    const run = (await startRun(call, p)).body;
    const peek = await buy(p, "pairs_peek");
    expect((await booster(p, run.run_id, 1, { effect: "peek", effect_token: peek })).body).toMatchObject({ code: "effect_token_invalid", reason: "another_game" });
    const hammer = await buy(p, "gem_hammer");
    expect((await booster(p, run.run_id, 1, { effect: "shuffle", effect_token: hammer })).body).toMatchObject({ code: "effect_token_invalid", reason: "another_effect" });
    const off = await booster(p, run.run_id, 1, { effect: "hammer", effect_token: hammer, cell: { row: 99, col: 0 } });
    expect(off.body).toMatchObject({ accepted: false, rejection_code: "out_of_bounds" });
    const hit = await booster(p, run.run_id, 2, { effect: "hammer", effect_token: hammer, cell: { row: 0, col: 0 } });
    expect(hit.body.accepted).toBe(true);
    expect(hit.body.view.score).toBeGreaterThanOrEqual(10);
    expect(hit.body.view.moves_left).toBe(run.view.moves_left);
  });

  it("peek shows the face-down cards in the animation only; extra fuel adds five", async () => {
    const memory = await playProject(call, admin, "memory_v1");
    const m = await newPlayer(call, memory.projectId, memory.key);
    const run = (await startRun(call, m)).body;
    const peek = await booster(m, run.run_id, 1, { effect: "peek", effect_token: await buy(m, "pairs_peek") });
    const cards = peek.body.animation_steps.find((s: { type: string }) => s.type === "peek").cards;
    expect(cards.length).toBe((run.view.cards as unknown[]).length);
    expect(JSON.stringify(peek.body.view)).not.toContain(cards[0].face);

    const parcel = await playProject(call, admin, "parcel_pilot_v1");
    const v = await newPlayer(call, parcel.projectId, parcel.key);
    const vrun = (await startRun(call, v)).body;
    const fuel = await booster(v, vrun.run_id, 1, { effect: "extra_fuel", effect_token: await buy(v, "van_fuel") });
    expect(fuel.body.view.fuel_left).toBe(vrun.view.fuel_left + 5);
  });

  it("a win after a booster is replay-verified like any other", async () => {
    const { projectId, key } = await rewardsProject(call, admin);
    await createCampaign(call, admin, projectId);
    const p = await newPlayer(call, projectId, key);
    const run = (await startRun(call, p)).body;
    const shuffled = await booster(p, run.run_id, 1, { effect: "shuffle", effect_token: await buy(p, "gem_shuffle") });
    const winning = await playToBrink(call, p, { ...run, sequence: 1, view: shuffled.body.view });
    expect((await sendCommand(call, p, run.run_id, winning)).body.status).toBe("won");
    const [claim] = await claimsOf(projectId);
    expect(claim.status).toBe("deliverable");
    expect(claim.risk_reasons).not.toContain("replay_mismatch");
  });
});
