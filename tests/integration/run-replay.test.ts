import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMechanic, tracks } from "@/games/registry";
import type { TMechanicId } from "@/games/manifests";
import { pool } from "@/server/db/client";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, type TPlayer } from "../helpers/play";
import { createCampaign, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";

/** GET /v1/admin/projects/{project_id}/game-runs/{run_id}/replay: a run to watch, and the facts beside it. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let projectId: string;
let runId: string;
let player: TPlayer;

const replay = (run = runId, who: TAdmin = admin, project = projectId) => call("GET", `/v1/admin/projects/${project}/game-runs/${run}/replay`, { token: who.token });

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  receiver = await startReceiver();
  // A scripted win is held for review (command pace). The rule's median gap is set to a minute so the
  // hold does not depend on this machine's speed: with the default 250 ms, a loaded CI machine once
  // answered the bot's commands slowly enough to pass as a person. And from the first command: the
  // rule looks at runs of 4 commands or more by default, and the bot, dealt a lucky board, now and
  // then wins in fewer (CI on 2026-11-29 saw the claim deliverable once).
  ({ projectId } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: { rules: { command_pace: { median_gap_ms: 60_000, min_commands: 1 } } } }));
  const key = (await call("POST", `/v1/admin/projects/${projectId}/api-keys`, { token: admin.token, body: { name: "k", scopes: ["session:issue"] } })).body.secret as string;
  await createCampaign(call, admin, projectId);
  const won = await winLevel(call, projectId, key);
  runId = won.runId;
  player = won.player;
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

describe("watching a run", () => {
  it("answers the dealt board and every stored command with the answer the player got, in order, with timing", async () => {
    const res = await replay();
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    const stored = (await pool().query("SELECT sequence, action, accepted, response::jsonb AS response FROM game_command WHERE run_id = $1 ORDER BY sequence", [runId])).rows;
    expect(body.frames.map((f: { sequence: number }) => f.sequence)).toEqual(stored.map((c) => c.sequence));
    expect(body.frames.map((f: { response: unknown }) => f.response)).toEqual(stored.map((c) => c.response));
    expect(body.frames.at(-1).response.status).toBe("won");
    expect(body.outcome).toMatchObject({ status: "won" });
    // The dealt board is the engine's first view of the run's level and seed.
    const run = (await pool().query("SELECT mechanic, seed, level_id FROM game_run WHERE id = $1", [runId])).rows[0];
    expect(body.run).toMatchObject({ run_id: runId, mechanic: run.mechanic, sequence: 0, status: "active" });
    const engine = getMechanic(run.mechanic);
    const level = tracks[run.mechanic as TMechanicId].levels.find((l) => l.id === run.level_id)!;
    expect(body.run.view).toEqual(JSON.parse(JSON.stringify(engine.view(engine.init(level, run.seed)))));
    // The player's own view of the finished run is the last frame's.
    const now = await call("GET", `/v1/game-runs/${runId}`, { token: player.token, headers: { origin: API_ORIGIN } });
    expect(now.body.view).toEqual(body.frames.at(-1).response.view);
    // Timing: offsets rise, intervals add up to them.
    let sum = 0;
    for (const f of body.frames) {
      sum += f.interval_ms;
      expect(f.offset_ms).toBe(sum);
    }
    expect(body.replay_check).toBe("match");
    expect(body.claims).toHaveLength(1);
    expect(body.claims[0]).toMatchObject({ status: "held", decisions: [] });
    expect(body.claims[0].risk_reasons.length).toBeGreaterThan(0);
    expect(body.network_players).toBeGreaterThanOrEqual(1);
  });

  it("says when the stored commands no longer replay to the stored state", async () => {
    const saved = (await pool().query("SELECT state FROM game_run WHERE id = $1", [runId])).rows[0].state;
    try {
      await pool().query("UPDATE game_run SET state = jsonb_set(state, '{score}', to_jsonb(999999)) WHERE id = $1", [runId]);
      expect((await replay()).body.replay_check).toBe("mismatch");
    } finally {
      await pool().query("UPDATE game_run SET state = $2 WHERE id = $1", [runId, saved]);
    }
    expect((await replay()).body.replay_check).toBe("match");
  });

  it("records who released the claim and why, and shows it beside the run", async () => {
    const claimId = (await replay()).body.claims[0].claim_id as string;
    const released = await call("POST", `/v1/admin/projects/${projectId}/reward-claims/${claimId}/release`, { token: admin.token, body: { reason: "Watched the run: a person's pace" } });
    expect(released.status, released.text).toBe(200);
    const audit = (await pool().query("SELECT account_id, metadata FROM audit_log WHERE action = 'reward.claim_released' AND target_id = $1", [claimId])).rows;
    expect(audit).toEqual([{ account_id: admin.accountId, metadata: { from: "held", reason: "Watched the run: a person's pace" } }]);
    const claim = (await replay()).body.claims[0];
    expect(claim.status).toBe("deliverable");
    expect(claim.decisions).toEqual([{ decision: "released", by: admin.email, automatic: false, reason: "Watched the run: a person's pace", at: expect.any(String) }]);
  });

  it("is the owner's only: a foreign admin gets 404 on the run and on their own project's path; bad ids are 404 or 422", async () => {
    const other = await verifiedAdmin(call);
    expect((await replay(runId, other)).status).toBe(404);
    const theirs = await rewardsProject(call, other);
    expect((await replay(runId, other, theirs.projectId)).status).toBe(404);
    expect((await replay("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await replay("not-a-uuid")).status).toBe(422);
  });

  it("an erased player's runs are gone, and the answer says so", async () => {
    const erased = await call("DELETE", `/v1/admin/projects/${projectId}/players/${encodeURIComponent(player.externalUserId)}/data`, { token: admin.token });
    expect(erased.status, erased.text).toBe(200);
    const res = await replay();
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/erased/);
  });
});
