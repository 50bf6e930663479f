import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { billingMonth } from "@/server/domain/money/billing/active-players";
import { now } from "@/server/lib/clock";
import { client, createApiKey, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { economyProject } from "../helpers/economy";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * `erased_…` is what a player's id becomes in the records kept after an erasure, and billing never
 * counts it: an integrator who could name live players so would have them play uncounted (and
 * mixed with an erased person's records). Every input where a site or an admin names a player
 * refuses it with 422, and writes nothing. `anon_…` stays what it was: refused for a verified
 * session, accepted where a server reports an anonymous player's events or grants.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

const rowsOf = async (projectId: string, externalUserId: string) =>
  (
    await pool().query(
      `SELECT (SELECT count(*)::int FROM player_event WHERE project_id = $1 AND external_user_id = $2)
            + (SELECT count(*)::int FROM player_balance WHERE project_id = $1 AND external_user_id = $2)
            + (SELECT count(*)::int FROM ledger_entry WHERE project_id = $1 AND external_user_id = $2) AS n`,
      [projectId, externalUserId],
    )
  ).rows[0].n as number;
const activePlayers = async (accountId: string) =>
  (await pool().query("SELECT count(*)::int AS n FROM billing_active_player WHERE account_id = $1 AND period_start = $2::date", [accountId, billingMonth(now())])).rows[0].n as number;

/** The answers of every input that names a player for an integrator: the session issuer (when asked), server and business events, both grants. */
async function nameInEveryInput(p: Awaited<ReturnType<typeof economyProject>>, eventsKey: string, id: string, opts: { session: boolean }) {
  return {
    ...(opts.session ? { session: await call("POST", "/v1/server/session-token", { token: p.grantKey, body: { project_id: p.projectId, external_user_id: id } }) } : {}),
    serverEvent: await call("POST", "/v1/server/events", { token: eventsKey, body: { project_id: p.projectId, external_user_id: id, type: "streak.server_confirm", payload: {} } }),
    businessEvent: await call("POST", "/v1/server/business-events", {
      token: eventsKey,
      headers: { "idempotency-key": randomUUID() },
      body: { project_id: p.projectId, external_user_id: id, type: "purchase", payload: { amount_minor: 500 } },
    }),
    grant: await call("POST", "/v1/economy/grant", { token: p.grantKey, body: { project_id: p.projectId, external_user_id: id, resource_id: "coins", amount: 5, idempotency_key: randomUUID() } }),
    adminGrant: await call("POST", `/v1/admin/projects/${p.projectId}/economy/grant`, { token: admin.token, body: { project_id: p.projectId, external_user_id: id, resource_id: "coins", amount: 5 } }),
  };
}

describe("a player id an integrator may not choose", () => {
  it("erased_…: refused with 422 by the session issuer, server and business events and both grants; nothing is written or counted", async () => {
    const p = await economyProject(call, admin);
    const eventsKey = await createApiKey(call, admin, p.projectId, ["events:write"]);
    const id = `erased_${randomUUID().replace(/-/g, "")}`;
    const before = await activePlayers(admin.accountId);
    const answers = await nameInEveryInput(p, eventsKey, id, { session: true });
    for (const [input, res] of Object.entries(answers)) {
      expect({ input, status: res.status, code: res.body.code, message: res.body.message }).toEqual({ input, status: 422, code: "validation_error", message: expect.stringContaining("erased_") });
    }
    expect(await rowsOf(p.projectId, id)).toBe(0);
    expect(await activePlayers(admin.accountId)).toBe(before);

    // the same requests for a player named otherwise go through, and the player is counted
    const named = `shopper-${randomUUID()}`;
    const ok = await call("POST", "/v1/server/events", { token: eventsKey, body: { project_id: p.projectId, external_user_id: named, type: "streak.server_confirm", payload: {} } });
    expect(ok.status, ok.text).toBe(200);
    expect((await call("POST", "/v1/economy/grant", { token: p.grantKey, body: { project_id: p.projectId, external_user_id: named, resource_id: "coins", amount: 5, idempotency_key: randomUUID() } })).status).toBe(200);
    expect(await activePlayers(admin.accountId)).toBe(before + 1);
  });

  it("anon_…: never a verified session, but a server may report the events and grants of an anonymous player the widget issued", async () => {
    const p = await economyProject(call, admin);
    const eventsKey = await createApiKey(call, admin, p.projectId, ["events:write"]);
    const widget = await call("POST", "/v1/widget/session", { headers: { origin: "https://shop.example" }, body: { project_id: p.projectId, anonymous_id: `browser-${randomUUID()}` } });
    expect(widget.status).toBe(200);
    const id = widget.body.external_user_id as string;
    const session = await call("POST", "/v1/server/session-token", { token: p.grantKey, body: { project_id: p.projectId, external_user_id: id } });
    expect({ status: session.status, code: session.body.code, message: session.body.message }).toEqual({ status: 422, code: "validation_error", message: expect.stringContaining("anon_") });
    expect((await call("POST", "/v1/server/events", { token: eventsKey, body: { project_id: p.projectId, external_user_id: id, type: "streak.server_confirm", payload: {} } })).status).toBe(200);
    expect((await call("POST", "/v1/economy/grant", { token: p.grantKey, body: { project_id: p.projectId, external_user_id: id, resource_id: "coins", amount: 5, idempotency_key: randomUUID() } })).status).toBe(200);
  });

  it("anon_… that the widget did not issue (a site's own user named so, counted as anonymous and never billed): refused with 422 by the four server inputs; nothing is written or counted", async () => {
    const p = await economyProject(call, admin);
    const eventsKey = await createApiKey(call, admin, p.projectId, ["events:write"]);
    const before = await activePlayers(admin.accountId);
    for (const id of [`anon_${randomUUID().slice(0, 8)}`, `anon_${"a".repeat(21)}`, `anon_${"a".repeat(22)}.`]) {
      const answers = await nameInEveryInput(p, eventsKey, id, { session: false });
      for (const [input, res] of Object.entries(answers)) {
        expect({ input, id, status: res.status, code: res.body.code, message: res.body.message }).toEqual({ input, id, status: 422, code: "validation_error", message: expect.stringContaining("as the widget issued it") });
      }
      expect(await rowsOf(p.projectId, id)).toBe(0);
    }
    expect(await activePlayers(admin.accountId)).toBe(before);
  });

  it("an id outside printable ASCII (it travels in webhook headers): refused with 422 by the same five inputs; nothing is written or counted", async () => {
    const p = await economyProject(call, admin);
    const eventsKey = await createApiKey(call, admin, p.projectId, ["events:write"]);
    const before = await activePlayers(admin.accountId);
    for (const id of [`用户${randomUUID().slice(0, 8)}`, `zoë-${randomUUID().slice(0, 8)}`, "two words", "line\nbreak"]) {
      const answers = await nameInEveryInput(p, eventsKey, id, { session: true });
      for (const [input, res] of Object.entries(answers)) {
        expect({ input, id, status: res.status, code: res.body.code }).toEqual({ input, id, status: 422, code: "validation_error" });
      }
      expect(await rowsOf(p.projectId, id)).toBe(0);
    }
    expect(await activePlayers(admin.accountId)).toBe(before);
  });
});
