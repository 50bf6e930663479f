import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { cachedEconomy } from "@/server/domain/money/economy/economy-cache";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, createApiKey, randomIp, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, type TPlayer } from "../helpers/play";
import { untilBlockedBy } from "../helpers/locks";
import { economyProject as makeEconomyProject, TINY_ECONOMY } from "../helpers/economy";

/** The ledger: never double-spends, never goes negative, every change one row. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

const TINY = TINY_ECONOMY;
const economyProject = (config?: unknown) => makeEconomyProject(call, admin, config);

/**
 * The round trips of the purchase's transaction: the socket writes of the pool connection that
 * carried its idempotency key's statement, from its checkout to its release (pipelined statements
 * of one turn leave in one write, corked-client.ts).
 */
async function roundTrips<T>(run: () => Promise<T>): Promise<{ res: T; trips: number }> {
  type TStream = { _writev?: (chunks: Array<{ chunk: Buffer }>, cb: unknown) => unknown };
  // One window per checkout; a connection checked out twice (a key's lookup, then the transaction) is wrapped once.
  const counted: Array<{ writes: number; ours: boolean }> = [];
  const current = new Map<TStream, { writes: number; ours: boolean }>();
  const restore: Array<() => void> = [];
  const onAcquire = (client: unknown) => {
    const stream = (client as { connection: { stream: TStream } }).connection.stream;
    const seen = { writes: 0, ours: false };
    counted.push(seen);
    const wrapped = current.has(stream);
    current.set(stream, seen);
    if (wrapped) return;
    const original = stream._writev!;
    stream._writev = (chunks, cb) => {
      const window = current.get(stream)!;
      window.writes++;
      if (chunks.some((c) => Buffer.from(c.chunk).includes("economy_op"))) window.ours = true;
      return original.call(stream, chunks, cb);
    };
    restore.push(() => (stream._writev = original));
  };
  pool().on("acquire", onAcquire);
  try {
    const res = await run();
    const ours = counted.filter((c) => c.ours);
    expect(ours).toHaveLength(1);
    return { res, trips: ours[0]!.writes };
  } finally {
    pool().off("acquire", onAcquire);
    for (const r of restore) r();
  }
}

const spend = (p: TPlayer, booster: string, key: string = randomUUID()) => call("POST", "/v1/economy/spend", { token: p.token, ip: p.ip, body: { booster_id: booster, idempotency_key: key } });
const balanceOf = async (p: TPlayer, resource: string) => (await pool().query("SELECT balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3", [p.projectId, p.externalUserId, resource])).rows[0]?.balance;
const ledgerSum = async (p: TPlayer, resource: string) =>
  Number((await pool().query("SELECT coalesce(sum(amount), 0) AS s FROM ledger_entry WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3", [p.projectId, p.externalUserId, resource])).rows[0].s);

describe("balances and spending", () => {
  it("shows starting balances without writing, and a spend is one ledger row after the starting one", async () => {
    const { projectId, key } = await economyProject();
    const p = await newPlayer(call, projectId, key);
    const b = await call("GET", "/v1/economy/balances", { token: p.token });
    expect(b.body.balances).toEqual([{ resource_id: "tickets", name: "Tickets", balance: 2 }, { resource_id: "coins", name: "Coins", balance: 100 }]);
    expect(b.body.boosters.map((x: { booster_id: string }) => x.booster_id)).toEqual(["gem_shuffle", "gem_hammer", "pairs_peek", "van_fuel"]);
    expect(await balanceOf(p, "tickets")).toBeUndefined();
    const s = await spend(p, "gem_shuffle");
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ booster_id: "gem_shuffle", effect: "shuffle", mechanic: "match3_v1", balances: { tickets: 1 } });
    expect(s.body.effect_token).toMatch(/^et_/);
    const ledger = (await pool().query("SELECT source, amount, balance_after, reference FROM ledger_entry WHERE project_id = $1 AND external_user_id = $2 ORDER BY created_at, amount DESC", [projectId, p.externalUserId])).rows;
    expect(ledger.map((r) => [r.source, Number(r.amount), Number(r.balance_after), r.reference])).toEqual([["starting", 2, 2, null], ["spend", -1, 1, "gem_shuffle"]]);
    // the bought booster waits in the player's inventory with its token until it is played
    const after = await call("GET", "/v1/economy/balances", { token: p.token });
    expect(b.body.owned_boosters).toEqual([]);
    expect(after.body.owned_boosters).toEqual([{ booster_id: "gem_shuffle", mechanic: "match3_v1", effect: "shuffle", effect_token: s.body.effect_token, expires_at: s.body.expires_at }]);
  });

  it("40 parallel spends of 1 from a balance of 10: exactly 10 succeed, the balance ends at 0, the ledger adds up", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    const answers = await Promise.all(Array.from({ length: 40 }, () => spend(p, "tiny")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.body).toMatchObject({ code: "insufficient_balance", resource_id: "coins", balance: 0, needed: 1 });
    expect(Number(await balanceOf(p, "coins"))).toBe(0);
    expect(await ledgerSum(p, "coins")).toBe(0);
  });

  it("a purchase from a balance the player has takes two round trips: the balance's lock travels with the key's statement", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    // The first purchase reads the configuration and creates the balance row, each in a round trip of its own.
    const first = await roundTrips(() => spend(p, "tiny"));
    expect(first.res.status, first.res.text).toBe(200);
    expect(first.trips).toBe(4);
    const k = randomUUID();
    const second = await roundTrips(() => spend(p, "tiny", k));
    expect(second.res.status, second.res.text).toBe(200);
    expect(second.trips).toBe(2);
    expect(second.res.body.balances).toEqual({ coins: 8 });
    // A repeat takes the lock too and answers what the first bought, moving nothing.
    const repeat = await roundTrips(() => spend(p, "tiny", k));
    expect(repeat.res.body).toEqual(second.res.body);
    expect(repeat.trips).toBe(2);
    expect(Number(await balanceOf(p, "coins"))).toBe(8);
    expect(await ledgerSum(p, "coins")).toBe(8);
    // Too low a balance: refused after the lock, nothing written.
    await pool().query("UPDATE player_balance SET balance = 0 WHERE project_id = $1 AND external_user_id = $2", [p.projectId, p.externalUserId]);
    const poor = await spend(p, "tiny");
    expect(poor.status).toBe(409);
    expect(poor.body.code).toBe("insufficient_balance");
  });

  it("a server grant to a balance the player has takes two round trips as well", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    const grantKey = await economyKey(projectId);
    const grant = (amount: number) =>
      call("POST", "/v1/economy/grant", { token: grantKey, body: { project_id: projectId, external_user_id: p.externalUserId, resource_id: "tickets", amount, idempotency_key: randomUUID() } });
    expect((await grant(3)).status).toBe(200); // creates the tickets row
    const again = await roundTrips(() => grant(2));
    expect(again.res.status, again.res.text).toBe(200);
    expect(again.res.body.balance).toBe(5);
    expect(again.trips).toBe(2);
    expect((await grant(-6)).status).toBe(409);
    expect(Number(await balanceOf(p, "tickets"))).toBe(5);
    expect(await ledgerSum(p, "tickets")).toBe(5);
  });

  it("50 parallel spends with one key: one debit, and every caller gets the same effect token", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    const k = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => spend(p, "tiny", k)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.effect_token)).size).toBe(1);
    expect(Number(await balanceOf(p, "coins"))).toBe(9);
    expect((await pool().query("SELECT count(*)::int AS n FROM ledger_entry WHERE project_id = $1 AND source = 'spend'", [projectId])).rows[0].n).toBe(1);
    expect((await pool().query("SELECT count(*)::int AS n FROM effect_token WHERE project_id = $1", [projectId])).rows[0].n).toBe(1);
    // The same key for another request of the player is a conflict, not a second purchase.
    const other = await call("POST", "/v1/economy/spend", { token: p.token, ip: p.ip, body: { booster_id: "gem_shuffle", idempotency_key: k } });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("idempotency_conflict");
  });

  it("keeps a key space per player for spends and one per project for grants: another's key is never a conflict nor their answer", async () => {
    const { projectId, key, grantKey } = await economyProject(TINY);
    const [p, q] = [await newPlayer(call, projectId, key), await newPlayer(call, projectId, key)];
    const k = `order-${randomUUID().slice(0, 4)}`;
    const mine = await spend(p, "tiny", k);
    expect(mine.status).toBe(200);
    // Q uses P's key: Q's own purchase, with Q's own token and Q's coins.
    const theirs = await spend(q, "tiny", k);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.effect_token).not.toBe(mine.body.effect_token);
    expect([Number(await balanceOf(p, "coins")), Number(await balanceOf(q, "coins"))]).toEqual([9, 9]);
    // The integrator's grant with that key (an order number a player used first) still goes through, once.
    const grant = { project_id: projectId, external_user_id: q.externalUserId, resource_id: "coins", amount: 5, idempotency_key: k };
    expect((await call("POST", "/v1/economy/grant", { token: grantKey, body: grant })).body.balance).toBe(14);
    expect((await call("POST", "/v1/economy/grant", { token: grantKey, body: grant })).body.balance).toBe(14);
    // In one space, the same key with another body stays a conflict: a grant's (server or admin) and a player's.
    const otherGrant = await call("POST", "/v1/economy/grant", { token: grantKey, body: { ...grant, external_user_id: p.externalUserId } });
    expect(otherGrant.body.code).toBe("idempotency_conflict");
    const adminGrant = await call("POST", `/v1/admin/projects/${projectId}/economy/grant`, { token: admin.token, body: { external_user_id: q.externalUserId, resource_id: "coins", amount: 7, idempotency_key: k } });
    expect(adminGrant.body.code).toBe("idempotency_conflict");
    expect((await spend(q, "gem_shuffle", k)).body.code).toBe("idempotency_conflict");
    expect(Number(await balanceOf(q, "coins"))).toBe(14);
  });

  it("parallel grants and spends on one player never lose an update", async () => {
    const { projectId, key, grantKey } = await economyProject({ ...TINY, resources: [{ id: "coins", name: "Coins", starting_balance: 100 }, TINY.resources[1]] });
    const p = await newPlayer(call, projectId, key);
    const grants = Array.from({ length: 20 }, () => call("POST", "/v1/economy/grant", { token: grantKey, body: { project_id: projectId, external_user_id: p.externalUserId, resource_id: "coins", amount: 5, idempotency_key: randomUUID() } }));
    const spends = Array.from({ length: 20 }, () => spend(p, "tiny"));
    const [g, s] = await Promise.all([Promise.all(grants), Promise.all(spends)]);
    const granted = g.filter((r) => r.status === 200).length;
    const spent = s.filter((r) => r.status === 200).length;
    expect(granted).toBe(20);
    expect(spent).toBe(20);
    expect(Number(await balanceOf(p, "coins"))).toBe(100 + 5 * granted - spent);
    expect(await ledgerSum(p, "coins")).toBe(100 + 5 * granted - spent);
  });
});

async function economyKey(projectId: string) {
  return createApiKey(call, admin, projectId, ["economy:grant"]);
}

describe("grants", () => {
  it("a server grant needs the scope and the key's project; a debit below zero is refused and writes nothing", async () => {
    const { projectId, key } = await economyProject();
    const other = await economyProject();
    const p = await newPlayer(call, projectId, key);
    const body = { project_id: projectId, external_user_id: p.externalUserId, resource_id: "tickets", amount: 3, idempotency_key: randomUUID() };
    expect((await call("POST", "/v1/economy/grant", { token: key, body })).status).toBe(403); // session:issue only
    expect((await call("POST", "/v1/economy/grant", { token: other.grantKey, body })).status).toBe(403);
    const ok = await call("POST", "/v1/economy/grant", { token: await economyKey(projectId), body });
    expect(ok.body).toEqual({ project_id: projectId, external_user_id: p.externalUserId, resource_id: "tickets", amount: 3, balance: 5 });
    const repeat = await call("POST", "/v1/economy/grant", { token: await economyKey(projectId), body });
    expect(repeat.body.balance).toBe(5);
    const debit = await call("POST", "/v1/economy/grant", { token: await economyKey(projectId), body: { ...body, amount: -6, idempotency_key: randomUUID() } });
    expect(debit.status).toBe(409);
    expect(debit.body.code).toBe("insufficient_balance");
    expect(Number(await balanceOf(p, "tickets"))).toBe(5);
    expect((await call("POST", "/v1/economy/grant", { token: await economyKey(projectId), body: { ...body, resource_id: "gold", idempotency_key: randomUUID() } })).status).toBe(422);
  });

  it("an admin grant is audited; another account's project is 404; the database refuses a negative balance", async () => {
    const { projectId, key } = await economyProject();
    const p = await newPlayer(call, projectId, key);
    const g = await call("POST", `/v1/admin/projects/${projectId}/economy/grant`, { token: admin.token, body: { external_user_id: p.externalUserId, resource_id: "coins", amount: 25 } });
    expect(g.body).toMatchObject({ granted: true, balance: 125, amount: 25 });
    expect((await pool().query("SELECT count(*)::int AS n FROM audit_log WHERE project_id = $1 AND action = 'economy.granted'", [projectId])).rows[0].n).toBe(1);
    const mallory = await verifiedAdmin(call);
    expect((await call("POST", `/v1/admin/projects/${projectId}/economy/grant`, { token: mallory.token, body: { external_user_id: p.externalUserId, resource_id: "coins", amount: 999 } })).status).toBe(404);
    expect((await call("GET", `/v1/admin/projects/${projectId}/economy`, { token: mallory.token })).status).toBe(404);
    await expect(pool().query("UPDATE player_balance SET balance = -1 WHERE project_id = $1", [projectId])).rejects.toThrow(/player_balance_never_negative/);
  });
});

describe("settings", () => {
  it("validates the configuration whole and the switch stops spending", async () => {
    const { projectId, key } = await economyProject();
    const url = `/v1/admin/projects/${projectId}/economy`;
    const got = await call("GET", url, { token: admin.token });
    expect(got.body).toMatchObject({ economy_enabled: true, config_revision: 1 });
    const bad = [
      [{ ...TINY, boosters: [{ ...TINY.boosters[0], effect: "teleport" }] }, "economy_config.boosters.0.effect"],
      [{ ...TINY, boosters: [{ ...TINY.boosters[0], price: { resource_id: "gold", amount: 1 } }] }, "economy_config.boosters.0.price.resource_id"],
      [{ ...TINY, resources: [TINY.resources[0], TINY.resources[0]] }, "economy_config.resources.1.id"],
      [{ resources: [] }, "economy_config.resources"],
    ] as const;
    for (const [config, path] of bad) {
      const res = await call("PATCH", url, { token: admin.token, body: { economy_config: config } });
      expect(res.status, path).toBe(422);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await call("GET", url, { token: admin.token })).body.config_revision).toBe(1);
    await call("PATCH", url, { token: admin.token, body: { economy_enabled: false } });
    const p = await newPlayer(call, projectId, key);
    const s = await spend(p, "gem_shuffle");
    expect(s.status).toBe(409);
    expect(s.body.code).toBe("economy_disabled");
  });

  it("a configuration changed elsewhere (another instance, a migration) takes effect on the very next spend", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    expect((await spend(p, "tiny")).status).toBe(200); // this process now holds the parsed configuration
    expect(Number(await balanceOf(p, "coins"))).toBe(9);
    const dearer = { ...TINY, boosters: [{ ...TINY.boosters[0], price: { resource_id: "coins", amount: 3 } }] };
    await pool().query("UPDATE project SET economy_config = $2::jsonb, economy_config_revision = economy_config_revision + 1 WHERE id = $1", [projectId, JSON.stringify(dearer)]);
    const s = await spend(p, "tiny");
    expect(s.status).toBe(200);
    expect(s.body.balances).toEqual({ coins: 6 });
    expect(await ledgerSum(p, "coins")).toBe(6);
    await pool().query("UPDATE project SET economy_enabled = false WHERE id = $1", [projectId]);
    const off = await spend(p, "tiny");
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("economy_disabled");
    expect(Number(await balanceOf(p, "coins"))).toBe(6);
  });

  it("a balances read parses the configuration once per revision, and reads a changed one at once", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    const price = async () => (await call("GET", "/v1/economy/balances", { token: p.token, ip: p.ip })).body.boosters[0].price;
    expect(await price()).toEqual({ resource_id: "coins", amount: 1 });
    const held = cachedEconomy(projectId);
    expect(held).toBeDefined();
    expect(await price()).toEqual({ resource_id: "coins", amount: 1 }); // the statement left the configuration out: the one held here
    expect(cachedEconomy(projectId)).toBe(held);
    const dearer = { ...TINY, boosters: [{ ...TINY.boosters[0], price: { resource_id: "coins", amount: 3 } }] };
    await pool().query("UPDATE project SET economy_config = $2::jsonb, economy_config_revision = economy_config_revision + 1 WHERE id = $1", [projectId, JSON.stringify(dearer)]);
    expect(await price()).toEqual({ resource_id: "coins", amount: 3 });
    expect(cachedEconomy(projectId)?.revision).toBe(held!.revision + 1);
  });

  it("after a configuration change no row of the old price is locked: the purchase goes on while another transaction holds it", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    expect((await spend(p, "tiny")).status).toBe(200); // the configuration cached; coins 9
    const granted = await call("POST", "/v1/economy/grant", { token: await economyKey(projectId), body: { project_id: projectId, external_user_id: p.externalUserId, resource_id: "tickets", amount: 3, idempotency_key: randomUUID() } });
    expect(granted.status, granted.text).toBe(200);
    // Elsewhere, the booster is repriced in tickets; this process still holds the coins price.
    const inTickets = { ...TINY, boosters: [{ ...TINY.boosters[0], price: { resource_id: "tickets", amount: 1 } }] };
    await pool().query("UPDATE project SET economy_config = $2::jsonb, economy_config_revision = economy_config_revision + 1 WHERE id = $1", [projectId, JSON.stringify(inTickets)]);
    const other = await pool().connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT 1 FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = 'coins' FOR UPDATE", [projectId, p.externalUserId]);
      const pending = spend(p, "tiny");
      // The stale price's lock would wait on `other` (and hold coins while then locking tickets: an order nothing else takes).
      const blocked = untilBlockedBy(other, "the purchase never waited on the coins row", { timeoutMs: 5_000 }).then(() => "blocked", () => "never");
      const first = await Promise.race([pending.then(() => "answered"), blocked]);
      expect(first).toBe("answered");
      const s = await pending;
      expect(s.status, s.text).toBe(200);
      expect(s.body.balances).toEqual({ tickets: 2 });
    } finally {
      await other.query("ROLLBACK");
      other.release();
    }
    expect(Number(await balanceOf(p, "coins"))).toBe(9);
    expect(Number(await balanceOf(p, "tickets"))).toBe(2);
  });

  it("a first spend that waits on another transaction creating the same balance row debits that row", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    expect((await call("GET", "/v1/economy/balances", { token: p.token, ip: p.ip })).status).toBe(200); // config parsed, nothing written
    const other = await pool().connect();
    try {
      await other.query("BEGIN");
      await other.query("INSERT INTO player_balance (project_id, external_user_id, resource_id, balance, updated_at) VALUES ($1, $2, 'coins', 10, now())", [projectId, p.externalUserId]);
      // The spend's statement starts (its snapshot predates the commit below) and waits on this row.
      const pending = spend(p, "tiny");
      await untilBlockedBy(other, "the spend never waited on the uncommitted balance row");
      await other.query("COMMIT");
      const s = await pending;
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      expect(s.body.balances).toEqual({ coins: 9 });
    } finally {
      other.release();
    }
    expect(Number(await balanceOf(p, "coins"))).toBe(9);
  });

  it("a spend whose write fails after the balance was locked writes nothing: its last statements travel together and commit together", async () => {
    const { projectId, key } = await economyProject(TINY);
    const p = await newPlayer(call, projectId, key);
    const k = randomUUID();
    // The effect token's insert fails for this player only (a trigger, removed below): the
    // balance's write was sent before it, the operation's result and the COMMIT behind it.
    const fn = `fail_token_${randomUUID().replace(/-/g, "")}`;
    await pool().query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.external_user_id = '${p.externalUserId}' THEN RAISE EXCEPTION 'token refused for the test'; END IF; RETURN NEW; END $$`);
    await pool().query(`CREATE TRIGGER ${fn} BEFORE INSERT ON effect_token FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      const failed = await spend(p, "tiny", k);
      expect(failed.status).toBe(500);
    } finally {
      await pool().query(`DROP TRIGGER ${fn} ON effect_token`);
      await pool().query(`DROP FUNCTION ${fn}()`);
    }
    expect(await balanceOf(p, "coins")).toBeUndefined(); // not even the starting row
    expect(await ledgerSum(p, "coins")).toBe(0);
    const rows = async (table: string) => (await pool().query(`SELECT count(*)::int AS n FROM ${table} WHERE project_id = $1 AND external_user_id = $2`, [projectId, p.externalUserId])).rows[0].n;
    expect(await rows("effect_token")).toBe(0);
    expect(await rows("economy_operation")).toBe(0);
    // The key was never used: the same request now succeeds, once.
    const again = await spend(p, "tiny", k);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.balances).toEqual({ coins: 9 });
    expect(await ledgerSum(p, "coins")).toBe(9);
  });

  it("limits economy calls to 120 a minute per player", async () => {
    const { projectId, key } = await economyProject();
    const p = await newPlayer(call, projectId, key);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await call("GET", "/v1/economy/balances", { token: p.token, ip: randomIp() })).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
