import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { pool } from "@/server/db/client";
import { deleteOldResolvedFlags } from "@/server/domain/trust/fraud/admin";
import { raiseFraudFlag } from "@/server/domain/trust/fraud/raise-flag";
import { runEvidence } from "@/server/domain/gameplay/play/run-evidence";
import { releaseHeldClaims } from "@/server/domain/money/rewards/release-held";
import { replayCounts } from "@/server/domain/gameplay/play/verify-run";
import { runCache } from "@/server/domain/gameplay/play/run-cache";
import { replayThreadOnline, startReplayThread, stopReplayThread } from "@/server/domain/gameplay/play/replay-thread";
import { buildServer, serverBundle } from "@/scripts/build-server";
import { advanceClock, nowMs } from "@/server/lib/clock";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, sendCommand } from "../helpers/play";
import { brinkOfWin, claimsOf, createCampaign, deliveriesOf, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";

/** The fraud value gate: real signals decide deliver / hold / review / reject, and admins can overrule. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

// Every rule on. The pace rule's gaps are widened so that "a script" (commands as fast as this
// machine answers, even loaded) and "a person" (10 s per move on the one clock) cannot be mistaken;
// the default thresholds are covered by the gate's unit tests.
const DEFAULT_RULES = { rules: { command_pace: { median_gap_ms: 5_000, min_gap_ms: 2_000, min_commands: 1 } } };
const humanPace = () => advanceClock(10_000);
const statusOf = async (runId: string, token: string) => (await call("GET", `/v1/game-runs/${runId}/reward`, { token })).body.status;

describe("the gate decides on real signals", () => {
  it("delivers a normally paced win by a fresh verified player at once, and holds a scripted one", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: DEFAULT_RULES });
    await createCampaign(call, admin, projectId);
    const human = await winLevel(call, projectId, key, { beforeEach: humanPace });
    const script = await winLevel(call, projectId, key);
    const claims = await claimsOf(projectId);
    const byUser = Object.fromEntries(claims.map((c) => [c.external_user_id, c]));
    expect(byUser[human.player.externalUserId]).toMatchObject({ status: "deliverable", risk_score: 0 });
    expect(byUser[script.player.externalUserId]).toMatchObject({ status: "held", risk_reasons: ["command_pace"] });
    expect(byUser[script.player.externalUserId].hold_until).toBeTruthy();
    expect(await statusOf(human.runId, human.player.token)).toBe("pending");
    const held = await call("GET", `/v1/game-runs/${script.runId}/reward`, { token: script.player.token });
    expect(held.body).toMatchObject({ status: "delayed", label_key: "reward.status.delayed" });
    // The player never learns why, or for how long.
    expect(held.text).not.toMatch(/command_pace|risk|hold_until|score/);
    const flags = (await pool().query("SELECT kind FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2", [projectId, script.player.externalUserId])).rows;
    expect(flags.map((f) => f.kind)).toEqual(["fast_commands"]);
    expect(await deliveriesOf(projectId)).toHaveLength(1);
  });

  it("rejects a win whose stored commands do not reproduce its result (replay verification)", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId);
    // Rewrite the first stored (accepted) move into one the engine refuses: the log no longer
    // explains the run. A board whose first move already wins leaves no stored move to rewrite
    // (the win would then be honest): such a run is left unfinished and another player tries.
    let brink: Awaited<ReturnType<typeof brinkOfWin>> | undefined;
    for (let i = 0; i < 5 && !brink; i++) {
      const candidate = await brinkOfWin(call, projectId, key);
      const forged = await pool().query("UPDATE game_command SET action = 'forged' WHERE run_id = $1 AND sequence = 1 AND accepted", [candidate.run.run_id]);
      if (forged.rowCount === 1) brink = candidate;
    }
    if (!brink) throw new Error("every board was won by its first move");
    const { player, run, winning } = brink;
    const res = await sendCommand(call, player, run.run_id, winning);
    expect(res.body.status).toBe("won");
    const [claim] = await claimsOf(projectId);
    expect(claim).toMatchObject({ status: "rejected", risk_score: 100 });
    expect(claim.risk_reasons).toContain("replay_mismatch");
    expect(await deliveriesOf(projectId)).toHaveLength(0);
    expect(await statusOf(run.run_id, player.token)).toBe("unavailable");
    expect((await pool().query("SELECT kind FROM fraud_flag WHERE project_id = $1", [projectId])).rows.map((r) => r.kind)).toContain("replay_mismatch");
  });

  // A winning move of a run this process served from its start needs no replay: its engine's own
  // state, moved by exactly the stored commands, is what a replay would end in (reachedAheadSoon).
  // A run this process first read from the database (its start made by another instance) is
  // replayed ahead from the level's init: on the web process's replay thread (compiled
  // replay-worker.mjs), or without one (run from source) on the event loop. Every way is checked
  // against the stored commands and the locked run in the transaction.
  it.each([
    ["on the event loop", false],
    ["on the replay thread", true],
  ] as const)("checks a win against the stored commands and the locked run, without a replay when the run's state is this process's own, with one made ahead (%s) when it is not", { timeout: 180_000 }, async (_, threaded) => {
    if (threaded) {
      await buildServer(["replay-worker"]);
      expect(startReplayThread(serverBundle("replay-worker"))).toBe(true);
      await replayThreadOnline();
    }
    onTestFinished(() => stopReplayThread());
    const onThread = threaded ? 1 : 0;
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId);
    // A first win here tells this process that the project's wins make claims: the next winning
    // moves send the claim's reads ahead and check their run while those are out.
    await winLevel(call, projectId, key);
    const added = (before: ReturnType<typeof replayCounts>, n: Partial<ReturnType<typeof replayCounts>>) =>
      ({ ahead: before.ahead + (n.ahead ?? 0), onThread: before.onThread + (n.onThread ?? 0), fromState: before.fromState + (n.fromState ?? 0), inTransaction: before.inTransaction + (n.inTransaction ?? 0) });
    // An honest win of a run started here: nothing is replayed, ahead or in the transaction.
    let before = replayCounts();
    const honest = await winLevel(call, projectId, key);
    expect(replayCounts()).toEqual(added(before, { ahead: 1, fromState: 1 }));
    expect((await claimsOf(projectId)).find((c) => c.external_user_id === honest.player.externalUserId)).toMatchObject({ status: "deliverable" });
    // A run started by another instance: this process first reads it from the database before its
    // first move, and its stored state is not this engine's. Honest: replayed ahead and delivered.
    const startedElsewhere = async (_run: { run_id: string }, player: { externalUserId: string }) => {
      runCache.dropPlayer(projectId, player.externalUserId);
    };
    before = replayCounts();
    const elsewhere = await brinkOfWin(call, projectId, key, { afterStart: startedElsewhere });
    expect((await sendCommand(call, elsewhere.player, elsewhere.run.run_id, elsewhere.winning)).body.status).toBe("won");
    expect(replayCounts()).toEqual(added(before, { ahead: 1, onThread }));
    expect((await claimsOf(projectId)).find((c) => c.external_user_id === elsewhere.player.externalUserId)).toMatchObject({ status: "deliverable" });
    // A stored move rewritten after it was played (its action, or its payload): the copy checked
    // ahead no longer matches, the transaction replays the stored commands, and the claim is rejected.
    const forgedAction = async (b: Awaited<ReturnType<typeof brinkOfWin>>) =>
      (await pool().query("UPDATE game_command SET action = 'forged' WHERE run_id = $1 AND sequence = 1 AND accepted", [b.run.run_id])).rowCount === 1;
    const forgedPayload = async (b: Awaited<ReturnType<typeof brinkOfWin>>) =>
      (await pool().query("UPDATE game_command SET payload = '{}' WHERE run_id = $1 AND sequence = 1 AND accepted", [b.run.run_id])).rowCount === 1;
    // The stored run's state rewritten (its score) before the winning move: the state checked ahead
    // is of these very commands, and the move ends in a state they do not explain.
    const forgedState = async (b: Awaited<ReturnType<typeof brinkOfWin>>) =>
      (await pool().query("UPDATE game_run SET state = jsonb_set(state, '{score}', to_jsonb((state->>'score')::int + 1000)) WHERE id = $1", [b.run.run_id])).rowCount === 1;
    // The stored run's seed rewritten: the state checked ahead was of another run.
    const forgedSeed = async (b: Awaited<ReturnType<typeof brinkOfWin>>) =>
      (await pool().query("UPDATE game_run SET seed = seed || '-forged' WHERE id = $1", [b.run.run_id])).rowCount === 1;
    // A run started elsewhere whose stored start was rewritten before its first move (a move more
    // for it, kept through every move since): this process moved that stored state on, so only a
    // replay from the level's init shows that the commands do not explain it.
    const forgedStart = async (run: { run_id: string }, player: { externalUserId: string }) => {
      await pool().query("UPDATE game_run SET state = jsonb_set(state, '{moves_limit}', to_jsonb((state->>'moves_limit')::int + 1)) WHERE id = $1", [run.run_id]);
      await startedElsewhere(run, player);
    };
    const cases = [
      [forgedAction, {}, { inTransaction: 1 }],
      [forgedPayload, {}, { inTransaction: 1 }],
      [forgedSeed, {}, { inTransaction: 1 }],
      [forgedState, {}, { ahead: 1, fromState: 1 }],
      [async () => true, { afterStart: forgedStart }, { ahead: 1, onThread }],
    ] as const;
    for (const [forge, opts, replays] of cases) {
      let brink: Awaited<ReturnType<typeof brinkOfWin>> | undefined;
      for (let i = 0; i < 5 && !brink; i++) {
        const candidate = await brinkOfWin(call, projectId, key, opts);
        if (await forge(candidate)) brink = candidate;
      }
      if (!brink) throw new Error("nothing to forge");
      const name = "afterStart" in opts ? "forgedStart" : forge.name;
      before = replayCounts();
      const res = await sendCommand(call, brink.player, brink.run.run_id, brink.winning);
      expect(res.body.status).toBe("won");
      const claim = (await claimsOf(projectId)).find((c) => c.external_user_id === brink.player.externalUserId);
      expect(claim, name).toMatchObject({ status: "rejected", risk_score: 100 });
      expect(claim.risk_reasons).toContain("replay_mismatch");
      expect(replayCounts(), name).toEqual(added(before, replays));
    }
  });

  it("follows the manual status: blocked refuses the winning move itself, watch reviews, trusted delivers a fast win", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: DEFAULT_RULES });
    await createCampaign(call, admin, projectId);
    // Blocked on the brink of a win: the winning move is refused (fraud_blocked), so no claim is made.
    const brink = await brinkOfWin(call, projectId, key);
    await call("PUT", `/v1/admin/projects/${projectId}/players/${brink.player.externalUserId}/fraud`, { token: admin.token, body: { state: "blocked", reason: "test" } });
    const refused = await sendCommand(call, brink.player, brink.run.run_id, brink.winning);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: "fraud_blocked" });
    expect((await claimsOf(projectId)).filter((c) => c.external_user_id === brink.player.externalUserId)).toEqual([]);
    const states: Array<[string, string, string]> = [["watch", "review", "checking"], ["trusted", "deliverable", "pending"]];
    for (const [state, claimStatus, playerStatus] of states) {
      const player = await newPlayer(call, projectId, key);
      const put = await call("PUT", `/v1/admin/projects/${projectId}/players/${player.externalUserId}/fraud`, { token: admin.token, body: { state, reason: "test" } });
      expect(put.body).toMatchObject({ state, reason: "test" });
      const win = await winLevel(call, projectId, key, { player });
      const claim = (await claimsOf(projectId)).find((c) => c.external_user_id === player.externalUserId);
      expect(claim?.status, state).toBe(claimStatus);
      expect(await statusOf(win.runId, player.token)).toBe(playerStatus);
    }
  });
});

describe("held claims and admin decisions", () => {
  it("the release job sends a still-elevated hold to review and releases one whose signal went away", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: { thresholds: { hold: 20, review: 60, reject: 90 }, rules: { command_pace: { enabled: false } } } });
    await createCampaign(call, admin, projectId);
    // Two players held by an unresolved flag each; the admin then clears one player's flag.
    const [still, cleared] = [await newPlayer(call, projectId, key), await newPlayer(call, projectId, key)];
    for (const p of [still, cleared]) {
      expect(await raiseFraudFlag({ projectId, externalUserId: p.externalUserId, kind: "manual_note" })).toBe(true);
    }
    const stillWin = await winLevel(call, projectId, key, { player: still });
    const clearedWin = await winLevel(call, projectId, key, { player: cleared });
    const held = await claimsOf(projectId);
    expect(held.map((c) => [c.status, c.risk_reasons])).toEqual([["held", ["recent_flags"]], ["held", ["recent_flags"]]]);
    const flagRow = (await pool().query("SELECT id FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2", [projectId, cleared.externalUserId])).rows[0];
    const resolved = await call("PATCH", `/v1/admin/projects/${projectId}/fraud-flags/${flagRow.id}`, { token: admin.token, body: { resolution: "false_positive" } });
    expect(resolved.body).toMatchObject({ resolution: "false_positive" });
    // Not due yet: nothing happens.
    expect(await releaseHeldClaims({ runEvidence })).toEqual({ released: 0, reviewed: 0, failed: 0 });
    // Their hold ends: the job takes every due claim in the database, so this project's come due in
    // its rows, never by moving the clock (61 minutes on would make the held claims of the test
    // files running beside this one due too, and release them under those files)
    await pool().query("UPDATE reward_claim SET hold_until = $2 WHERE project_id = $1 AND status = 'held'", [projectId, new Date(nowMs() - 1_000)]);
    const r = await releaseHeldClaims({ runEvidence });
    expect(r.failed).toBe(0);
    const after = Object.fromEntries((await claimsOf(projectId)).map((c) => [c.external_user_id, c]));
    expect(after[still.externalUserId]).toMatchObject({ status: "review", decided_by: "release_job" });
    expect(after[cleared.externalUserId]).toMatchObject({ status: "deliverable", decided_by: "release_job" });
    const releasedId = after[cleared.externalUserId].id;
    expect((await deliveriesOf(projectId)).filter((d) => d.claim_id === releasedId && d.kind === "reward.eligible")).toHaveLength(1);
    expect((await deliveriesOf(projectId)).filter((d) => d.claim_id === after[still.externalUserId].id)).toHaveLength(0);
    const notifications = (await pool().query("SELECT kind, claim_id FROM notification WHERE project_id = $1", [projectId])).rows;
    expect(notifications).toEqual([{ kind: "reward.deliverable", claim_id: releasedId }]);
    expect(await statusOf(stillWin.runId, still.token)).toBe("checking");
    // Watching the released run says the job released it, not an admin.
    const watched = await call("GET", `/v1/admin/projects/${projectId}/game-runs/${clearedWin.runId}/replay`, { token: admin.token });
    expect(watched.body.claims[0].decisions).toEqual([{ decision: "released", by: null, automatic: true, reason: null, at: expect.any(String) }]);
  });

  it("the release job counts the player's other claims of the last hour, the held one only while it is in that hour", async () => {
    const { projectId, key } = await rewardsProject(call, admin, {
      webhookUrl: receiver.url,
      fraud: { thresholds: { hold: 20, review: 60, reject: 90 }, rules: { command_pace: { enabled: false }, claim_velocity: { claims: 1, score: 40 } } },
    });
    await createCampaign(call, admin, projectId, { max_per_user: 5 });
    const p = await newPlayer(call, projectId, key);
    expect(await raiseFraudFlag({ projectId, externalUserId: p.externalUserId, kind: "manual_note" })).toBe(true);
    await winLevel(call, projectId, key, { player: p });
    const [first] = await claimsOf(projectId);
    expect(first).toMatchObject({ status: "held" });
    // The first claim was made two hours ago (its hold of at least an hour is over); a second one now.
    await pool().query("UPDATE reward_claim SET created_at = $2, hold_until = $3 WHERE id = $1", [first.id, new Date(nowMs() - 2 * 3_600_000), new Date(nowMs() - 1_000)]);
    await winLevel(call, projectId, key, { player: p });
    expect(await claimsOf(projectId)).toHaveLength(2);
    const flag = (await pool().query("SELECT id FROM fraud_flag WHERE project_id = $1 AND kind = 'manual_note'", [projectId])).rows[0];
    await call("PATCH", `/v1/admin/projects/${projectId}/fraud-flags/${flag.id}`, { token: admin.token, body: { resolution: "false_positive" } });
    await releaseHeldClaims({ runEvidence });
    // One other claim within the hour (the second): claim velocity still speaks, so review.
    const after = (await claimsOf(projectId)).find((c) => c.id === first.id)!;
    expect(after).toMatchObject({ status: "review", decided_by: "release_job" });
    expect(after.risk_reasons).toContain("claim_velocity");
  });

  it("an admin releases or rejects held and reviewed claims only; another project's claim is 404", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: DEFAULT_RULES });
    const campaign = await createCampaign(call, admin, projectId, { max_total: 10 });
    await winLevel(call, projectId, key);
    await winLevel(call, projectId, key);
    const [a, b] = await claimsOf(projectId);
    expect([a.status, b.status]).toEqual(["held", "held"]);
    const base = `/v1/admin/projects/${projectId}/reward-claims`;
    const release = await call("POST", `${base}/${a.id}/release`, { token: admin.token });
    expect(release.body).toMatchObject({ claim_id: a.id, status: "deliverable" });
    expect(release.body.delivery_id).toBeTruthy();
    expect((await call("POST", `${base}/${a.id}/release`, { token: admin.token })).status).toBe(409);
    const reject = await call("POST", `${base}/${b.id}/reject`, { token: admin.token, body: { reason: "duplicate account" } });
    expect(reject.body).toMatchObject({ status: "rejected" });
    expect((await call("POST", `${base}/${b.id}/reject`, { token: admin.token, body: {} })).status).toBe(409);
    const after = await claimsOf(projectId);
    expect(after.find((c) => c.id === b.id)).toMatchObject({ status: "rejected", reject_reason: "duplicate account" });
    expect((await pool().query("SELECT claims_count FROM campaign WHERE id = $1", [campaign.campaign_id])).rows[0].claims_count).toBe(1);
    // The review queue and the list.
    const list = await call("GET", `${base}?status=rejected`, { token: admin.token });
    expect(list.body.claims.map((c: { claim_id: string }) => c.claim_id)).toEqual([b.id]);
    // Another account cannot touch them, and this account cannot reach theirs through its own project.
    const mallory = await verifiedAdmin(call);
    const other = await rewardsProject(call, mallory);
    expect((await call("POST", `${base}/${a.id}/release`, { token: mallory.token })).status).toBe(404);
    expect((await call("POST", `/v1/admin/projects/${other.projectId}/reward-claims/${a.id}/reject`, { token: mallory.token, body: {} })).status).toBe(404);
  });
});

describe("flags, statuses and metrics", () => {
  it("de-duplicates flags in a 60-second sliding window and deletes only resolved flags past 90 days", async () => {
    const { projectId, key } = await rewardsProject(call, admin);
    const p = await newPlayer(call, projectId, key);
    expect(await raiseFraudFlag({ projectId, externalUserId: p.externalUserId, kind: "dup" })).toBe(true);
    advanceClock(55_000); // seconds of margin either side of the minute, for a slow machine
    expect(await raiseFraudFlag({ projectId, externalUserId: p.externalUserId, kind: "dup" })).toBe(false);
    advanceClock(6_000);
    expect(await raiseFraudFlag({ projectId, externalUserId: p.externalUserId, kind: "dup" })).toBe(true);
    const ids = (await pool().query("SELECT id FROM fraud_flag WHERE project_id = $1 ORDER BY created_at", [projectId])).rows.map((r) => r.id);
    expect(ids).toHaveLength(2);
    await pool().query("UPDATE fraud_flag SET resolved_at = created_at, resolution = 'ignored' WHERE id = $1", [ids[0]]);
    advanceClock(91 * 86_400_000);
    expect(await deleteOldResolvedFlags()).toBeGreaterThanOrEqual(1);
    expect((await pool().query("SELECT id FROM fraud_flag WHERE project_id = $1", [projectId])).rows.map((r) => r.id)).toEqual([ids[1]]);
  });

  it("an admin lists a project's flags newest first, by resolution, by player and up to a limit; bad input and another account's project are refused", async () => {
    const { projectId, key } = await rewardsProject(call, admin);
    const [a, b] = [await newPlayer(call, projectId, key), await newPlayer(call, projectId, key)];
    await raiseFraudFlag({ projectId, externalUserId: a.externalUserId, kind: "manual_note", details: { note: "first" } });
    advanceClock(1_000);
    await raiseFraudFlag({ projectId, externalUserId: b.externalUserId, kind: "manual_note" });
    advanceClock(1_000);
    await raiseFraudFlag({ projectId, externalUserId: a.externalUserId, kind: "claim_velocity" });
    const url = `/v1/admin/projects/${projectId}/fraud-flags`;
    const all = await call("GET", url, { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.flags.map((f: { external_user_id: string; kind: string }) => [f.external_user_id, f.kind])).toEqual([
      [a.externalUserId, "claim_velocity"],
      [b.externalUserId, "manual_note"],
      [a.externalUserId, "manual_note"],
    ]);
    const oldest = all.body.flags[2];
    expect(oldest).toEqual({ flag_id: expect.any(String), external_user_id: a.externalUserId, kind: "manual_note", details: { note: "first" }, created_at: expect.any(String), resolution: null, resolved_at: null });
    await call("PATCH", `${url}/${oldest.flag_id}`, { token: admin.token, body: { resolution: "ignored" } });
    expect((await call("GET", `${url}?resolved=true`, { token: admin.token })).body.flags.map((f: { flag_id: string }) => f.flag_id)).toEqual([oldest.flag_id]);
    expect((await call("GET", `${url}?resolved=false`, { token: admin.token })).body.flags).toHaveLength(2);
    expect((await call("GET", `${url}?external_user_id=${b.externalUserId}`, { token: admin.token })).body.flags).toHaveLength(1);
    expect((await call("GET", `${url}?limit=1`, { token: admin.token })).body.flags.map((f: { kind: string }) => f.kind)).toEqual(["claim_velocity"]);
    for (const bad of ["limit=0", "limit=201", "resolved=maybe"]) {
      const res = await call("GET", `${url}?${bad}`, { token: admin.token });
      expect(res.status, bad).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
    const mallory = await verifiedAdmin(call);
    const theirs = await rewardsProject(call, mallory);
    expect((await call("GET", url, { token: mallory.token })).status).toBe(404);
    expect((await call("GET", `/v1/admin/projects/${theirs.projectId}/fraud-flags`, { token: mallory.token })).body.flags).toEqual([]);
  });

  it("player fraud status lapses at expires_at; bad input is refused and changes nothing", async () => {
    const { projectId, key } = await rewardsProject(call, admin);
    const p = await newPlayer(call, projectId, key);
    const url = `/v1/admin/projects/${projectId}/players/${p.externalUserId}/fraud`;
    expect((await call("GET", url, { token: admin.token })).body).toMatchObject({ state: "none", unresolved_flags: 0 });
    expect((await call("PUT", url, { token: admin.token, body: { state: "blocked", expires_at: new Date(Date.now() - 1000).toISOString() } })).status).toBe(422);
    expect((await call("PUT", url, { token: admin.token, body: { state: "nonsense" } })).status).toBe(422);
    expect((await call("GET", url, { token: admin.token })).body.state).toBe("none");
    await call("PUT", url, { token: admin.token, body: { state: "blocked", expires_at: new Date(Date.now() + 600_000).toISOString() } });
    expect((await call("GET", url, { token: admin.token })).body.state).toBe("blocked");
    advanceClock(601_000);
    expect((await call("GET", url, { token: admin.token })).body.state).toBe("none");
  });

  it("fraud rules are data: validated whole, defaults filled in", async () => {
    const { projectId } = await rewardsProject(call, admin);
    const url = `/v1/admin/projects/${projectId}/fraud-rules`;
    const got = await call("GET", url, { token: admin.token });
    expect(got.body.thresholds).toEqual({ hold: 30, review: 60, reject: 90 });
    expect(got.body.rules.map((r: { type: string }) => r.type)).toEqual(["replay_mismatch", "command_pace", "shared_address", "recent_flags", "claim_velocity", "refusal_ratio"]);
    const unknown = await call("PUT", url, { token: admin.token, body: { rules: { not_a_rule: { enabled: false } } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.issues).toEqual([{ path: "rules.not_a_rule", message: "unknown fraud rule not_a_rule" }]);
    expect((await call("PUT", url, { token: admin.token, body: { thresholds: { hold: 80, review: 60, reject: 90 } } })).status).toBe(422);
    const put = await call("PUT", url, { token: admin.token, body: { hold_minutes: 15, rules: { shared_address: { players: 5, weight: 2 } } } });
    expect(put.body.hold_minutes).toBe(15);
    expect(put.body.rules.find((r: { type: string }) => r.type === "shared_address")).toMatchObject({ enabled: true, weight: 2, players: 5, players_high: 100 });
  });

  it("fraud metrics count flags by kind and claims by status", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: DEFAULT_RULES });
    await createCampaign(call, admin, projectId);
    await winLevel(call, projectId, key);
    const m = await call("GET", `/v1/admin/projects/${projectId}/fraud-metrics`, { token: admin.token });
    expect(m.body).toMatchObject({ period_days: 30, held_now: 1, review_queue: 0, claims: { total: 1, by_status: { held: 1 }, held_or_review_rate: 1 } });
    expect(m.body.flags).toEqual([{ kind: "fast_commands", count: 1, unresolved: 1 }]);
    // a flag raised 40 days ago and never resolved is still open, as the flag list and the bell say
    await pool().query("UPDATE fraud_flag SET created_at = created_at - interval '40 days' WHERE project_id = $1", [projectId]);
    const later = (await call("GET", `/v1/admin/projects/${projectId}/fraud-metrics`, { token: admin.token })).body;
    expect(later.flags).toEqual([{ kind: "fast_commands", count: 0, unresolved: 1 }]);
    const listed = (await call("GET", `/v1/admin/projects/${projectId}/fraud-flags?resolved=false`, { token: admin.token })).body.flags;
    expect(listed).toHaveLength(later.flags[0].unresolved);
  });
});
