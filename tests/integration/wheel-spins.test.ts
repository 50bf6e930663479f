import { createHash, createHmac, randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { countingTx } from "@/server/db/tx";
import { lobbyState } from "@/server/domain/gameplay/play/lobby";
import { cachedEconomy } from "@/server/domain/money/economy/economy-cache";
import { heldConfig } from "@/server/domain/money/wheel/published-configs";
import { verifyPlayerToken } from "@/server/domain/identity/players/player-token";
import { type TTestServer } from "../helpers/server";
import { randomIp, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer } from "../helpers/play";
import { allKeys, publishDraft, spin, TEST_SEGMENTS, wheelAdmin, wheelProject, wheelFixture } from "../helpers/wheel";
import { limitsFor } from "../helpers/limits";

/**
 * The player's wheel over HTTP: what GET /v1/wheel shows and hides, free spins before tickets,
 * ledger-backed awards, idempotent spin ids, stale versions, seen, anonymous sessions, icons,
 * the lobby block and the fairness proof a player can check.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let pgc: pg.Client;

wheelFixture((f) => ({ server, call, admin, pgc } = f));

const SECRET_KEYS = /^(weight|weights|caps|cost_minor|resource_costs_minor|budget_daily_minor|budget_total_minor|probability|weights_salt|spent_total_minor)$/;

function expectNoWeights(body: unknown) {
  for (const k of allKeys(body)) expect(k, `key ${k}`).not.toMatch(SECRET_KEYS);
  const text = JSON.stringify(body);
  expect(text).not.toContain('"weight"');
  expect(text).not.toContain(JSON.stringify(TEST_SEGMENTS.map((s) => [s.id, s.weight])));
}

async function ledgerMatchesBalances(projectId: string, user: string) {
  const { rows } = await pgc.query(
    `SELECT b.resource_id, b.balance::int AS balance, (SELECT COALESCE(sum(amount), 0)::int FROM ledger_entry l WHERE l.project_id = b.project_id AND l.external_user_id = b.external_user_id AND l.resource_id = b.resource_id) AS ledger
       FROM player_balance b WHERE b.project_id = $1 AND b.external_user_id = $2`,
    [projectId, user],
  );
  for (const r of rows) expect(r.ledger, r.resource_id).toBe(r.balance);
  return Object.fromEntries(rows.map((r) => [r.resource_id, r.balance]));
}

describe("GET /v1/wheel", () => {
  it("answers the published wheel, not cacheable, without weights, with entitlement and the seed commitment", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 2, max_spins_per_day: 4, ticket_cost: 1 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const res = await call("GET", "/v1/wheel", { token: p.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({ wheel_id: "daily", version: w.version, ticket_cost: 1, pending: null });
    expect(res.body.segments.map((s: { id: string }) => s.id)).toEqual(TEST_SEGMENTS.map((s) => s.id));
    expect(res.body.segments[1]).toEqual({ id: "coins_10", index: 1, label: "10 coins", icon: "coin", icon_url: "/v1/game-assets/wheel/icons/coin.svg", award: { type: "resource", resource_id: "coins", amount: 10 } });
    expect(res.body.entitlement).toMatchObject({ spins_today: 0, free_spins_left: 2, paid_spins_left: 2, ticket_balance: 2 });
    expect(res.body.fairness.next_nonce).toBe(1);
    expect(res.body.fairness.weights_commitment).toBe(w.publish.weights_commitment);
    expectNoWeights(res.body);
    // The commitment is stable until a spin uses it.
    expect((await call("GET", "/v1/wheel?wheel_id=daily", { token: p.token })).body.fairness.next_server_seed_hash).toBe(res.body.fairness.next_server_seed_hash);
    expect((await call("GET", "/v1/wheel?wheel_id=site", { token: p.token })).body.code).toBe("wheel_config_missing");
    expect((await call("GET", "/v1/wheel?wheel_id=weekly", { token: p.token })).status).toBe(422);
  });

  it("refuses anonymous sessions outside free play (403) and serves them in free play", async () => {
    const rewards = await wheelProject(call, admin, { project: { game_mode: "rewards" } });
    const free = await wheelProject(call, admin);
    for (const [w, expected] of [[rewards, 403], [free, 200]] as const) {
      const s = await call("POST", "/v1/widget/session", { ip: randomIp(), headers: { origin: "https://shop.example" }, body: { project_id: w.projectId, anonymous_id: `anon-${randomUUID()}` } });
      expect(s.status).toBe(200);
      const anon = { token: s.body.session_token, externalUserId: s.body.external_user_id, projectId: w.projectId };
      const read = await call("GET", "/v1/wheel", { token: anon.token });
      expect(read.status).toBe(expected);
      const spun = await spin(call, anon, { wheel_version: w.version });
      expect(spun.status).toBe(expected);
      if (expected === 403) {
        expect(read.body.code).toBe("forbidden");
        expect(spun.body.code).toBe("forbidden");
      }
    }
    const verified = await newPlayer(call, rewards.projectId, rewards.key);
    expect((await spin(call, verified, { wheel_version: rewards.version })).status).toBe(200);
  });
});

describe("POST /v1/wheel/spins", () => {
  it("spends free spins first, then tickets through the ledger, and credits awards through the ledger", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 1, max_spins_per_day: 3, ticket_cost: 1 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const first = await spin(call, p, { wheel_version: w.version });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body).toMatchObject({ kind: "free", tickets_spent: 0, wheel_version: w.version, seen: false });
    const second = await spin(call, p, { wheel_version: w.version });
    expect(second.body).toMatchObject({ kind: "ticket", tickets_spent: 1 });
    const { rows } = await pgc.query("SELECT source, resource_id, amount::int, reference FROM ledger_entry WHERE project_id = $1 AND external_user_id = $2 AND source LIKE 'wheel%' ORDER BY created_at, reference", [w.projectId, p.externalUserId]);
    expect(rows.filter((r) => r.source === "wheel_ticket")).toEqual([{ source: "wheel_ticket", resource_id: "tickets", amount: -1, reference: `wheel_spin:${second.body.spin_id}` }]);
    const awarded = [first.body, second.body].filter((s) => s.award);
    const byReference = (a: { reference: string }, b: { reference: string }) => a.reference.localeCompare(b.reference);
    expect(rows.filter((r) => r.source === "wheel_award").sort(byReference)).toEqual(
      awarded.map((s) => ({ source: "wheel_award", resource_id: s.award.resource_id, amount: s.award.amount, reference: `wheel_spin:${s.spin_id}` })).sort(byReference),
    );
    await ledgerMatchesBalances(w.projectId, p.externalUserId);
    const after = (await call("GET", "/v1/wheel", { token: p.token })).body.entitlement;
    expect(after).toMatchObject({ spins_today: 2, free_spins_left: 0, paid_spins_left: 1 });
  });

  it("without enough tickets answers 409 insufficient_balance and writes nothing", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 1, max_spins_per_day: 5, ticket_cost: 10 } });
    const p = await newPlayer(call, w.projectId, w.key);
    expect((await spin(call, p, { wheel_version: w.version })).body.kind).toBe("free");
    const count = async () => (await pgc.query("SELECT (SELECT count(*)::int FROM ledger_entry WHERE project_id = $1) AS ledger, (SELECT count(*)::int FROM wheel_spin WHERE project_id = $1) AS spins, (SELECT sum(spins)::int FROM wheel_day WHERE project_id = $1) AS day_spins", [w.projectId])).rows[0];
    const before = await count();
    const spinId = randomUUID();
    const res = await spin(call, p, { spin_id: spinId, wheel_version: w.version });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "insufficient_balance", resource_id: "tickets", needed: 10 });
    expect(await count()).toEqual(before);
    expect((await call("GET", `/v1/wheel/spins/${spinId}`, { token: p.token })).status).toBe(404);
    await ledgerMatchesBalances(w.projectId, p.externalUserId);
  });

  it("answers an exact replay with the stored spin and a changed body with 409 idempotency_conflict", async () => {
    const w = await wheelProject(call, admin, { patch: { free_spins_per_day: 0, max_spins_per_day: 3, ticket_cost: 1 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const body = { spin_id: randomUUID(), wheel_version: w.version };
    const a = await spin(call, p, body);
    const b = await spin(call, p, body);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const conflict = await spin(call, p, { ...body, source: "banner" });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("idempotency_conflict");
    const debits = await pgc.query("SELECT count(*)::int AS n FROM ledger_entry WHERE project_id = $1 AND source = 'wheel_ticket'", [w.projectId]);
    expect(debits.rows[0].n).toBe(1);
  });

  it("answers a new spin with the very text its replay and its read answer (the row it answers is the row stored)", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 1, max_spins_per_day: 3, ticket_cost: 1 } });
    const p = await newPlayer(call, w.projectId, w.key);
    for (const kind of ["free", "ticket"]) {
      const body = { spin_id: randomUUID().toUpperCase(), wheel_version: w.version };
      const fresh = await spin(call, p, body);
      expect(fresh.status).toBe(200);
      expect(fresh.body.kind).toBe(kind);
      const replay = await spin(call, p, body);
      expect(replay.text).toBe(fresh.text);
      const read = await call("GET", `/v1/wheel/spins/${fresh.body.spin_id}`, { token: p.token });
      expect(read.text).toBe(fresh.text);
      const { rows } = await pgc.query("SELECT kind, tickets_spent, nonce, server_seed, drawn_segment_id, substituted, created_at, seen_at, outcome FROM wheel_spin WHERE project_id = $1 AND spin_id = $2", [w.projectId, body.spin_id.toLowerCase()]);
      expect(rows[0]).toMatchObject({
        kind, tickets_spent: fresh.body.tickets_spent, nonce: fresh.body.fairness.nonce, server_seed: fresh.body.fairness.server_seed, drawn_segment_id: fresh.body.fairness.drawn_segment_id,
        substituted: fresh.body.substituted, created_at: new Date(fresh.body.created_at), seen_at: null,
      });
      expect(rows[0].outcome.segment).toEqual({ id: fresh.body.segment.id, index: fresh.body.segment.index, label: fresh.body.segment.label, icon: fresh.body.segment.icon });
    }
  });

  it("does not pay again a spin id used before the player's data was erased (kept, anonymised, for the wheel's accounts)", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 3, max_spins_per_day: 3 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const body = { spin_id: randomUUID(), wheel_version: w.version };
    expect((await spin(call, p, body)).status).toBe(200);
    const erased = await call("DELETE", `/v1/admin/projects/${w.projectId}/players/${encodeURIComponent(p.externalUserId)}/data`, { token: admin.token });
    expect(erased.body).toMatchObject({ status: "erased", anonymised: { wheel_spins: 1 } });
    // Back under the same id with a new session, the client retries the spin it sent before.
    const again = await newPlayer(call, w.projectId, w.key, p.externalUserId);
    const retry = await spin(call, again, body);
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ code: "idempotency_conflict", spin_id: body.spin_id });
    const spins = await pgc.query("SELECT external_user_id FROM wheel_spin WHERE project_id = $1", [w.projectId]);
    expect(spins.rows.map((r) => r.external_user_id)).toEqual([expect.stringMatching(/^erased_/)]);
    expect((await pgc.query("SELECT sum(spins)::int AS n FROM wheel_day WHERE project_id = $1", [w.projectId])).rows[0].n).toBe(1);
    // A new spin id spins as usual.
    expect((await spin(call, again, { wheel_version: w.version })).status).toBe(200);
  });

  it("refuses a stale wheel_version with the current one", async () => {
    const w = await wheelProject(call, admin);
    const p = await newPlayer(call, w.projectId, w.key);
    const again = await publishDraft(call, admin, w.projectId, { ticket_cost: 2 });
    expect(again.version).toBe(w.version + 1);
    const res = await spin(call, p, { wheel_version: w.version });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "wheel_version_stale", current_version: again.version });
    const ok = await spin(call, p, { wheel_version: again.version });
    expect(ok.body.wheel_version).toBe(again.version);
  });

  it("reads a published version's configuration once per process, and a newer version at once", async () => {
    const w = await wheelProject(call, admin);
    const p = await newPlayer(call, w.projectId, w.key);
    const read = () => call("GET", "/v1/wheel?wheel_id=daily", { token: p.token, ip: p.ip });
    expect((await read()).body.entitlement.ticket_cost).toBe(1);
    const held = heldConfig(w.projectId, "daily");
    expect(held?.version).toBe(w.version);
    // the next read and a spin use the configuration held here: the statements left it out
    expect((await read()).status).toBe(200);
    expect((await spin(call, p, { wheel_version: w.version })).status).toBe(200);
    expect(heldConfig(w.projectId, "daily")).toBe(held);
    expect(Object.isFrozen(held!.config.segments)).toBe(true);
    // a new version is read at once, on this process as on any other
    const again = await publishDraft(call, admin, w.projectId, { ticket_cost: 2 });
    expect((await read()).body.entitlement.ticket_cost).toBe(2);
    expect(heldConfig(w.projectId, "daily")?.version).toBe(again.version);
  });

  it("reads the project's economy once per revision, and a changed economy at once, in a read and in a spin", async () => {
    // no segment awards tickets: the balance after a paid spin is then known whatever it lands on
    const segments = TEST_SEGMENTS.map((s) => (s.award.type === "tickets" ? { ...s, id: "coins_1", label: "1 coin", icon: "coin", award: { type: "resource", resource_id: "coins", amount: 1 } } : s));
    const w = await wheelProject(call, admin, { patch: { segments, free_spins_per_day: 0, max_spins_per_day: 3, ticket_cost: 1 } });
    const economyUrl = `/v1/admin/projects/${w.projectId}/economy`;
    const startingWith = async (tickets: number) => {
      const config = { resources: [{ id: "tickets", name: "Tickets", starting_balance: tickets }, { id: "coins", name: "Coins", starting_balance: 100 }] };
      expect((await call("PATCH", economyUrl, { token: admin.token, body: { economy_config: config } })).status).toBe(200);
    };
    await startingWith(5);
    const p = await newPlayer(call, w.projectId, w.key);
    const read = (player: typeof p) => call("GET", "/v1/wheel?wheel_id=daily", { token: player.token, ip: player.ip });
    expect((await read(p)).body.entitlement.ticket_balance).toBe(5);
    const held = cachedEconomy(w.projectId);
    expect(held?.economy.resources[0]?.starting_balance).toBe(5);
    // the next read and a spin use the economy held here: the statements left its configuration out
    expect((await read(p)).status).toBe(200);
    expect((await spin(call, p, { wheel_version: w.version })).body).toMatchObject({ kind: "ticket", tickets_spent: 1 });
    expect(cachedEconomy(w.projectId)).toBe(held);
    expect((await ledgerMatchesBalances(w.projectId, p.externalUserId)).tickets).toBe(4);
    // a changed economy reaches the next spin at once (a new player now starts without tickets) …
    await startingWith(0);
    const q = await newPlayer(call, w.projectId, w.key);
    const refused = await spin(call, q, { wheel_version: w.version });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "insufficient_balance", resource_id: "tickets" });
    expect(cachedEconomy(w.projectId)?.economy.resources[0]?.starting_balance).toBe(0);
    // … and the next read
    await startingWith(3);
    expect((await read(q)).body.entitlement.ticket_balance).toBe(3);
  });

  it("needs the API Origin and a body of at most 512 bytes", async () => {
    const w = await wheelProject(call, admin);
    const p = await newPlayer(call, w.projectId, w.key);
    expect((await spin(call, p, { wheel_version: w.version }, null)).body.code).toBe("origin_not_allowed");
    expect((await spin(call, p, { wheel_version: w.version }, "https://evil.example")).status).toBe(403);
    const padded = JSON.stringify({ spin_id: randomUUID(), wheel_id: "daily", wheel_version: w.version, source: "lobby" }).replace("{", `{${" ".repeat(480)}`);
    const big = await call("POST", "/v1/wheel/spins", { token: p.token, headers: { origin: API_ORIGIN, "content-type": "application/json" }, rawBody: padded });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("validation_error");
    expect((await pgc.query("SELECT count(*)::int AS n FROM wheel_spin WHERE project_id = $1", [w.projectId])).rows[0].n).toBe(0);
  });
});

describe("spin read and seen", () => {
  it("are owner only (another player's real spin is 404) and seen is idempotent", async () => {
    const w = await wheelProject(call, admin);
    const owner = await newPlayer(call, w.projectId, w.key);
    const other = await newPlayer(call, w.projectId, w.key);
    const s = (await spin(call, owner, { wheel_version: w.version })).body;
    expect((await call("GET", "/v1/wheel", { token: owner.token })).body.pending.spin_id).toBe(s.spin_id);
    const read = await call("GET", `/v1/wheel/spins/${s.spin_id}`, { token: owner.token });
    expect(read.body).toEqual(s);
    expect((await call("GET", `/v1/wheel/spins/${s.spin_id}`, { token: other.token })).status).toBe(404);
    expect((await call("POST", `/v1/wheel/spins/${s.spin_id}/seen`, { token: other.token, headers: { origin: API_ORIGIN } })).status).toBe(404);
    expect((await call("POST", `/v1/wheel/spins/${s.spin_id}/seen`, { token: owner.token })).body.code).toBe("origin_not_allowed");
    const seen = await call("POST", `/v1/wheel/spins/${s.spin_id}/seen`, { token: owner.token, headers: { origin: API_ORIGIN } });
    expect(seen.body).toMatchObject({ spin_id: s.spin_id, seen: true });
    const again = await call("POST", `/v1/wheel/spins/${s.spin_id}/seen`, { token: owner.token, headers: { origin: API_ORIGIN } });
    expect(again.body.seen_at).toBe(seen.body.seen_at);
    expect((await call("GET", "/v1/wheel", { token: owner.token })).body.pending).toBeNull();
    expect((await pgc.query("SELECT seen_at FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2", [w.projectId, other.externalUserId])).rows).toEqual([]);
  });
});

describe("read limits", () => {
  it("allow 30 a minute per player for wheel reads, spin reads and seen together (the spec's one row for the three)", async () => {
    const w = await wheelProject(call, admin);
    const p = await newPlayer(call, w.projectId, w.key);
    const s = (await spin(call, p, { wheel_version: w.version })).body;
    const reads = [];
    for (let i = 0; i < 10; i++) reads.push((await call("GET", "/v1/wheel", { token: p.token })).status);
    for (let i = 0; i < 10; i++) reads.push((await call("GET", `/v1/wheel/spins/${s.spin_id}`, { token: p.token })).status);
    for (let i = 0; i < 11; i++) reads.push((await call("POST", `/v1/wheel/spins/${s.spin_id}/seen`, { token: p.token, headers: { origin: API_ORIGIN } })).status);
    expect(reads.filter((x) => x === 200)).toHaveLength(30);
    expect(reads.at(-1)).toBe(429);
    // the budget is spent for all three
    expect((await call("GET", "/v1/wheel", { token: p.token })).status).toBe(429);
    // Another player has budgets of their own.
    expect((await call("GET", "/v1/wheel", { token: (await newPlayer(call, w.projectId, w.key)).token })).status).toBe(200);
  });
});

describe("fairness", () => {
  it("lets a player check the seed against the earlier commitment and an auditor recompute the segment", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS, free_spins_per_day: 3, max_spins_per_day: 3 } });
    const p = await newPlayer(call, w.projectId, w.key);
    for (let i = 1; i <= 3; i++) {
      const before = (await call("GET", "/v1/wheel", { token: p.token })).body.fairness;
      // The last two send their id in upper case (a valid UUID): the proof must still reproduce the draw.
      const spinId = i === 1 ? randomUUID() : randomUUID().toUpperCase();
      const s = (await spin(call, p, { wheel_version: w.version, spin_id: spinId })).body;
      expect(s.spin_id).toBe(spinId.toLowerCase());
      const f = s.fairness;
      expect(f).toMatchObject({ client_seed: s.spin_id, nonce: i, server_seed_hash: before.next_server_seed_hash, weights_commitment: before.weights_commitment });
      expect(createHash("sha256").update(f.server_seed).digest("hex")).toBe(f.server_seed_hash);
      const digest = createHmac("sha256", f.server_seed).update(`${s.spin_id}:${f.nonce}`).digest("hex");
      expect(f.roll_hex).toBe(digest.slice(0, 13));
      // The auditor holds the weight table and the salt (admin stats) and recomputes.
      const salt = (await wheelAdmin(call, admin, w.projectId).stats()).body.fairness.weights_salt;
      const table = JSON.stringify(TEST_SEGMENTS.map((x) => [x.id, x.weight]));
      expect(createHash("sha256").update(`${salt}:${table}`).digest("hex")).toBe(f.weights_commitment);
      const total = TEST_SEGMENTS.reduce((n, x) => n + x.weight, 0);
      const ticket = (BigInt(`0x${f.roll_hex}`) * BigInt(total)) >> 52n;
      let acc = 0n;
      const drawn = TEST_SEGMENTS.findIndex((x) => ticket < (acc += BigInt(x.weight)));
      expect(f.drawn_segment_index).toBe(drawn);
      expect(f.drawn_segment_id).toBe(TEST_SEGMENTS[drawn]!.id);
      expect(s.segment.id).toBe(s.substituted ? s.segment.id : f.drawn_segment_id);
    }
  });
});

describe("published weights", () => {
  it("appear in no player answer: wheel, spin, spin read, seen, lobby", async () => {
    const w = await wheelProject(call, admin, { patch: { segments: TEST_SEGMENTS } });
    expect((await call("PATCH", `/v1/admin/projects/${w.projectId}`, { token: admin.token, body: { lobby_wheel_enabled: true } })).status).toBe(200);
    const p = await newPlayer(call, w.projectId, w.key);
    const answers = [(await call("GET", "/v1/wheel", { token: p.token })).body];
    const s = (await spin(call, p, { wheel_version: w.version })).body;
    answers.push(s, (await call("GET", "/v1/wheel", { token: p.token })).body, (await call("GET", `/v1/wheel/spins/${s.spin_id}`, { token: p.token })).body);
    const lobby = (await call("GET", "/v1/lobby", { token: p.token })).body;
    answers.push(lobby, (await call("POST", `/v1/wheel/spins/${s.spin_id}/seen`, { token: p.token, headers: { origin: API_ORIGIN } })).body);
    for (const a of answers) expectNoWeights(a);
    expect(lobby.wheel).toMatchObject({ enabled: true, wheel_id: "daily", version: w.version, pending: { spin_id: s.spin_id, segment_id: s.segment.id } });
    expect(lobby.wheel.entitlement).toMatchObject({ spins_today: 1, free_spins_left: 0, paid_spins_left: 2, ticket_cost: 1 });
  });

  it("the lobby's wheel block stays within the lobby's statement and size budgets", async () => {
    const w = await wheelProject(call, admin);
    await call("PATCH", `/v1/admin/projects/${w.projectId}`, { token: admin.token, body: { lobby_wheel_enabled: true, play_mechanic: "match3_v1" } });
    const p = await newPlayer(call, w.projectId, w.key);
    await spin(call, p, { wheel_version: w.version });
    const player = (await verifyPlayerToken(p.token))!;
    const tx = countingTx(pool());
    const body = await lobbyState({ player, tx, limits: limitsFor(["lobby"], player) });
    expect(body.wheel.enabled).toBe(true);
    expect(tx.count).toBeLessThanOrEqual(2);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(8192);
  });
});

describe("wheel icons", () => {
  it("serve the built-in SVGs for an hour, beside the game assets", async () => {
    for (const path of ["/v1/game-assets/wheel/icons/ticket", "/v1/game-assets/wheel/icons/try_again.svg"]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(await res.text()).toMatch(/^<svg /);
    }
    for (const path of ["/v1/game-assets/wheel/icons/skull", "/v1/game-assets/wheel/icons/..%2Fticket", "/v1/game-assets/wheel/other/ticket"]) {
      expect((await fetch(server.url + path)).status, path).toBe(404);
    }
  });
});
