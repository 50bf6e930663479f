import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPlaySuite, stopPlaySuite, type TPlaySuite } from "../helpers/play-suite";
import type { TCall } from "../helpers/api";
import { startRun } from "../helpers/play";

/** A run's reads by its player: the run itself and its reward status, with their per-player limits. */
let suite: TPlaySuite;
let call: TCall, pgc: pg.Client, player: TPlaySuite["player"];
beforeAll(async () => {
  suite = await startPlaySuite("match3_v1");
  ({ call, pgc, player } = suite);
});
afterAll(() => stopPlaySuite(suite));

describe("run reads", () => {
  it("allows 60 reads per minute per player, then 429", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const statuses = await Promise.all(Array.from({ length: 62 }, () => call("GET", `/v1/game-runs/${run.run_id}`, { token: p.token }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
});

describe("reward status", () => {
  it("reports none for a free-play run, 404 for another player's run, and flags excess reads", async () => {
    const a = await player();
    const b = await player();
    const run = (await startRun(call, a)).body;
    const res = await call("GET", `/v1/game-runs/${run.run_id}/reward`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "none", label_key: "reward.status.none" });
    expect((await call("GET", `/v1/game-runs/${run.run_id}/reward`, { token: b.token })).status).toBe(404);
    const statuses = await Promise.all(Array.from({ length: 31 }, () => call("GET", `/v1/game-runs/${run.run_id}/reward`, { token: a.token }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    const flags = await pgc.query("SELECT count(*)::int AS n FROM fraud_flag WHERE external_user_id = $1 AND kind = 'rate_exceeded'", [a.externalUserId]);
    expect(flags.rows[0].n).toBe(1);
  });
});
