import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, playProject } from "../helpers/play";

/** The console's view of one player: balances of every configured resource and the latest ledger. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

const playerUrl = (projectId: string, externalUserId: string) => `/v1/admin/projects/${projectId}/economy/players/${encodeURIComponent(externalUserId)}`;
const grant = (projectId: string, externalUserId: string, resource_id: string, amount: number) =>
  call("POST", `/v1/admin/projects/${projectId}/economy/grant`, { token: admin.token, body: { external_user_id: externalUserId, resource_id, amount } });

describe("a player's balances and ledger", () => {
  it("shows starting balances for a player never seen, and writes nothing", async () => {
    const projectId = await createProject(call, admin);
    const res = await call("GET", playerUrl(projectId, "nobody-yet"), { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      external_user_id: "nobody-yet",
      economy_enabled: true,
      balances: [
        { resource_id: "tickets", name: "Tickets", balance: 2, held: false },
        { resource_id: "coins", name: "Coins", balance: 100, held: false },
      ],
      ledger: [],
    });
    expect((await pool().query("SELECT count(*)::int AS n FROM player_balance WHERE project_id = $1", [projectId])).rows[0].n).toBe(0);
  });

  it("after a grant and a spend: the new balances, and the ledger newest first", async () => {
    const { projectId, key } = await playProject(call, admin);
    const p = await newPlayer(call, projectId, key);
    expect((await grant(projectId, p.externalUserId, "tickets", 5)).body).toMatchObject({ balance: 7 });
    const spent = await call("POST", "/v1/economy/spend", { token: p.token, ip: p.ip, body: { booster_id: "gem_hammer", idempotency_key: randomUUID() } });
    expect(spent.status).toBe(200);

    const res = await call("GET", playerUrl(projectId, p.externalUserId), { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.balances).toEqual([
      { resource_id: "tickets", name: "Tickets", balance: 7, held: true },
      { resource_id: "coins", name: "Coins", balance: 50, held: true },
    ]);
    const rows = res.body.ledger.map((e: { resource_id: string; amount: number; balance_after: number; source: string; reference: string | null }) => [e.source, e.resource_id, e.amount, e.balance_after, e.reference]);
    expect(rows).toEqual([
      ["spend", "coins", -50, 50, "gem_hammer"],
      ["starting", "coins", 100, 100, null],
      ["grant_admin", "tickets", 5, 7, null],
      ["starting", "tickets", 2, 2, null],
    ]);
    for (const e of res.body.ledger) expect(new Date(e.at).toISOString()).toBe(e.at);
    // Only this player's rows.
    const other = await call("GET", playerUrl(projectId, `${p.externalUserId}-other`), { token: admin.token });
    expect(other.body.ledger).toEqual([]);
  });

  it("lists the latest 50 entries, keeps history of a removed resource, and reads while the economy is off", async () => {
    const projectId = await createProject(call, admin);
    const player = "long-history";
    for (let i = 1; i <= 55; i++) expect((await grant(projectId, player, "coins", i)).status).toBe(200);
    const url = `/v1/admin/projects/${projectId}/economy`;
    const config = { resources: [{ id: "gems", name: "Gems", starting_balance: 3 }], boosters: [] };
    expect((await call("PATCH", url, { token: admin.token, body: { economy_enabled: false, economy_config: config } })).status).toBe(200);

    const res = await call("GET", playerUrl(projectId, player), { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.economy_enabled).toBe(false);
    expect(res.body.balances).toEqual([{ resource_id: "gems", name: "Gems", balance: 3, held: false }]);
    expect(res.body.ledger).toHaveLength(50);
    expect(res.body.ledger[0]).toMatchObject({ resource_id: "coins", amount: 55, source: "grant_admin", balance_after: 100 + (55 * 56) / 2 });
    expect(res.body.ledger.at(-1)).toMatchObject({ amount: 6 });
  });
});

describe("access and validation", () => {
  it("another account's project answers 404, for it and for its players", async () => {
    const mallory = await verifiedAdmin(call);
    const theirs = await createProject(call, mallory);
    expect((await call("POST", `/v1/admin/projects/${theirs}/economy/grant`, { token: mallory.token, body: { external_user_id: "p1", resource_id: "coins", amount: 1 } })).status).toBe(200);
    // Their admin sees the player; ours gets the same answer as for a project that does not exist.
    expect((await call("GET", playerUrl(theirs, "p1"), { token: mallory.token })).body.balances[1]).toMatchObject({ balance: 101 });
    const foreign = await call("GET", playerUrl(theirs, "p1"), { token: admin.token });
    expect(foreign.status).toBe(404);
    // Exactly the error, nothing of theirs (the random request id may hold any digits, so the
    // balance is not looked for as a substring).
    expect(foreign.body).toEqual({ code: "not_found", message: "Project not found", request_id: expect.any(String) });
    const ours = await createProject(call, admin);
    expect((await call("GET", playerUrl(ours, "p1"), { token: mallory.token })).status).toBe(404);
  });

  it("validates external_user_id: 1 to 128 characters", async () => {
    const projectId = await createProject(call, admin);
    const longest = "u".repeat(128);
    const ok = await call("GET", playerUrl(projectId, longest), { token: admin.token });
    expect(ok.status).toBe(200);
    expect(ok.body.external_user_id).toBe(longest);
    const tooLong = await call("GET", playerUrl(projectId, "u".repeat(129)), { token: admin.token });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.code).toBe("validation_error");
    // An id with characters a URL must escape arrives whole.
    const odd = "shop:42/ä ö";
    const escaped = await call("GET", playerUrl(projectId, odd), { token: admin.token });
    expect(escaped.status).toBe(200);
    expect(escaped.body.external_user_id).toBe(odd);
  });
});
