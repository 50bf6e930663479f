import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, createApiKey, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, startRun } from "../helpers/play";
import { createCampaign } from "../helpers/rewards";
import { wonDelivery } from "../helpers/webhooks";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { startReceiver } from "../helpers/rewards";

let server: TTestServer;
let call: TCall;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());

const state = async (a: TAdmin) => (await call("GET", "/v1/admin/onboarding", { token: a.token })).body;
const done = async (a: TAdmin) => (await state(a)).steps.filter((s: { done: boolean }) => s.done).map((s: { step: string }) => s.step);

describe("onboarding", () => {
  it("marks each step only when it really happens, in order, up to a first delivered reward", async () => {
    const admin = await verifiedAdmin(call);
    expect((await call("GET", "/v1/admin/onboarding")).status).toBe(401);
    let s = await state(admin);
    expect(s).toMatchObject({ next_step: "project_created", finished: false });
    expect(s.steps.map((x: { step: string }) => x.step)).toEqual(["project_created", "origin_added", "key_created", "embed_copied", "first_session", "first_play", "campaign_created", "first_webhook_delivered"]);

    const created = await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Shop", allowed_origins: [] } });
    const projectId = created.body.project_id;
    expect(await done(admin)).toEqual(["project_created"]);
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { allowed_origins: ["https://shop.example"], play_mechanic: "match3_v1" } });
    expect((await state(admin)).next_step).toBe("key_created");
    const key = await createApiKey(call, admin, projectId, ["session:issue", "events:write"]);
    expect((await state(admin)).next_step).toBe("embed_copied");

    // Only embed_copied can be confirmed from outside; the others answer 409 and stay undone.
    for (const step of ["first_play", "first_webhook_delivered", "campaign_created", "first_session"]) {
      const res = await call("POST", `/v1/admin/onboarding/${step}/complete`, { token: admin.token });
      expect(res.status, step).toBe(409);
      expect(res.body.code).toBe("conflict");
    }
    expect((await call("POST", "/v1/admin/onboarding/made_up/complete", { token: admin.token })).status).toBe(404);
    const copied = await call("POST", "/v1/admin/onboarding/embed_copied/complete", { token: admin.token });
    expect(copied.status).toBe(200);
    expect(copied.body.next_step).toBe("first_session");
    expect((await call("POST", "/v1/admin/onboarding/embed_copied/complete", { token: admin.token })).status).toBe(200);
    expect((await pool().query("SELECT count(*)::int AS n FROM audit_log WHERE account_id = $1 AND action = 'onboarding.step_confirmed'", [admin.accountId])).rows[0].n).toBe(1);

    const player = await newPlayer(call, projectId, key);
    expect((await startRun(call, player)).status).toBe(200);
    expect(await done(admin)).toEqual(["project_created", "origin_added", "key_created", "embed_copied", "first_session", "first_play"]);
    await createCampaign(call, admin, projectId);
    expect((await state(admin)).next_step).toBe("first_webhook_delivered");
  });

  it("a delivered reward webhook finishes it; another account's progress never counts", async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const admin = await verifiedAdmin(call);
      const other = await verifiedAdmin(call);
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: receiver.url });
      await call("POST", "/v1/admin/onboarding/embed_copied/complete", { token: admin.token });
      expect((await state(admin)).next_step).toBe("first_webhook_delivered");
      await attemptDelivery(delivery.id);
      expect(await state(admin)).toMatchObject({ next_step: null, finished: true });
      expect(await done(other)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("counts the runs that existed before (first_play is derived from runs, not recorded at the time)", async () => {
    const admin = await verifiedAdmin(call);
    const created = await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Old", allowed_origins: ["https://old.example"] } });
    await pool().query(
      `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, started_at, last_activity_at, expires_at)
       SELECT gen_random_uuid(), $1, 'legacy-player', 'match3_v1', 1, 'l1', 1, 1, 1, 0, false, 's', '{}', 'won', now() - interval '400 days', now() - interval '400 days', now() - interval '399 days'`,
      [created.body.project_id],
    ).catch(async (e) => {
      throw new Error(`seed run: ${e.message}`);
    });
    expect(await done(admin)).toEqual(expect.arrayContaining(["first_session", "first_play"]));
  });
});
