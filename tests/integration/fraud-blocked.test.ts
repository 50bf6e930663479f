import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge } from "@/games/bots";
import { advanceClock } from "@/server/lib/clock";
import { API_ORIGIN, newPlayer, sendCommand, startRun } from "../helpers/play";
import { fullProject } from "../helpers/players";
import { serverSuite } from "../helpers/suite";
import { spin } from "../helpers/wheel";

/** A player an admin blocked is refused on every play ingress with 403 fraud_blocked, until the status lapses. */
const t = serverSuite({ receiver: true });

describe("a blocked player", () => {
  it("is refused on run start, moves (a run opened before the block too), spins, spends and events, theirs and the server's; reads go on; the block lapses at expires_at", async () => {
    const { call, admin } = t;
    const p = await fullProject(call, admin, t.receiver.url);
    const player = await newPlayer(call, p.projectId, p.key);
    // A run opened and moved in before the block: this process holds it for the common move. The
    // bot's first move wins level 1 outright from about one board in 230 (a cascade): the run is then
    // over, so the next level's run is taken instead — the test needs a run still open.
    let run = (await startRun(call, player)).body;
    let view = run.view;
    let memory = updateMemoryKnowledge(emptyMemoryKnowledge(), [], view);
    const move = async (sequence: number) => sendCommand(call, player, run.run_id, { command_id: randomUUID(), sequence, ...suggestCommand(run.mechanic, view, memory)! });
    let first = await move(1);
    for (let attempt = 1; first.status === 200 && first.body.view.finished === true && attempt < 5; attempt++) {
      run = (await startRun(call, player)).body;
      view = run.view;
      memory = updateMemoryKnowledge(emptyMemoryKnowledge(), [], view);
      first = await move(1);
    }
    expect(first.status).toBe(200);
    expect(first.body.view.finished).toBe(false);
    view = first.body.view;
    memory = updateMemoryKnowledge(memory, first.body.animation_steps, view);

    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    const put = await call("PUT", `/v1/admin/projects/${p.projectId}/players/${player.externalUserId}/fraud`, { token: admin.token, body: { state: "blocked", reason: "bot farm", expires_at: until } });
    expect(put.status).toBe(200);

    const serverEvent = () => call("POST", "/v1/server/events", { token: p.grantKey, body: { project_id: p.projectId, external_user_id: player.externalUserId, type: "streak.server_confirm", payload: {} } });
    const refused = {
      "run start": await startRun(call, player, { replace_active: true }),
      move: await move(2),
      spin: await spin(call, player, { wheel_version: p.wheelVersion }),
      spend: await call("POST", "/v1/economy/spend", { token: player.token, ip: player.ip, body: { booster_id: "gem_shuffle", idempotency_key: randomUUID() } }),
      event: await call("POST", "/v1/events", { token: player.token, ip: player.ip, headers: { origin: API_ORIGIN }, body: { type: "widget.opened", payload: {} } }),
      "server event": await serverEvent(),
    };
    for (const [what, res] of Object.entries(refused)) expect({ what, status: res.status, code: res.body.code }).toEqual({ what, status: 403, code: "fraud_blocked" });
    // Nothing of them was written: the run did not move, no spin, spend or event was recorded.
    expect((await pool().query("SELECT sequence, status FROM game_run WHERE id = $1", [run.run_id])).rows[0]).toEqual({ sequence: 1, status: "active" });
    const counts = (await pool().query(
      `SELECT (SELECT count(*)::int FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2) AS spins,
              (SELECT count(*)::int FROM ledger_entry WHERE project_id = $1 AND external_user_id = $2 AND source = 'spend') AS spends,
              (SELECT count(*)::int FROM player_event WHERE project_id = $1 AND external_user_id = $2 AND type IN ('widget.opened', 'streak.server_confirm')) AS events`,
      [p.projectId, player.externalUserId],
    )).rows[0];
    expect(counts).toEqual({ spins: 0, spends: 0, events: 0 });
    // Reads are not play ingress; nor are business events.
    expect((await call("GET", "/v1/lobby", { token: player.token, ip: player.ip })).status).toBe(200);
    expect((await call("GET", `/v1/game-runs/${run.run_id}`, { token: player.token, ip: player.ip })).status).toBe(200);
    const business = await call("POST", "/v1/server/business-events", { token: p.grantKey, headers: { "idempotency-key": randomUUID() }, body: { project_id: p.projectId, external_user_id: player.externalUserId, type: "purchase", payload: {} } });
    expect(business.status).toBe(200);

    // The status lapses at expires_at: the same run moves on.
    advanceClock(11 * 60_000);
    const again = await move(2);
    expect(again.status, again.text).toBe(200);
    expect((await serverEvent()).status).toBe(200);
  });
});
