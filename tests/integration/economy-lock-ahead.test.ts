import { randomUUID } from "node:crypto";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { playerDataLockSql } from "@/server/domain/identity";
import { subjectHash } from "@/server/domain/identity/players/anonymise";
import { serverSuite } from "../helpers/suite";
import { economyProject as makeEconomyProject, TINY_ECONOMY } from "../helpers/economy";
import { newPlayer, type TPlayer } from "../helpers/play";
import { untilBlockedBy, waitersOf } from "../helpers/locks";

/**
 * The balance lock a purchase or a grant sends with its idempotency key's statement (ledger.ts
 * sendBalanceLock): the races around it that economy.test.ts does not stage — a configuration
 * changed while the lock waits, a repeat of a key whose booster is no longer sold or was repriced,
 * two first uses of one key while the first one waits on the balance, another player's locked
 * row, and a grant whose lock waits on a row an erasure in flight has deleted.
 */
const suite = serverSuite();
const TINY = TINY_ECONOMY;
const economyProject = () => makeEconomyProject(suite.call, suite.admin, TINY);

const spend = (p: TPlayer, booster: string, key: string = randomUUID()) => suite.call("POST", "/v1/economy/spend", { token: p.token, ip: p.ip, body: { booster_id: booster, idempotency_key: key } });
const grantTo = (grantKey: string, p: TPlayer, resource: string, amount: number, key: string = randomUUID()) =>
  suite.call("POST", "/v1/economy/grant", { token: grantKey, body: { project_id: p.projectId, external_user_id: p.externalUserId, resource_id: resource, amount, idempotency_key: key } });
const balanceOf = async (p: TPlayer, resource: string) =>
  (await pool().query("SELECT balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3", [p.projectId, p.externalUserId, resource])).rows[0]?.balance;
const ledgerSum = async (p: TPlayer, resource: string) =>
  Number((await pool().query("SELECT coalesce(sum(amount), 0) AS s FROM ledger_entry WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3", [p.projectId, p.externalUserId, resource])).rows[0].s);
const reprice = (projectId: string, boosters: unknown[]) =>
  pool().query("UPDATE project SET economy_config = $2::jsonb, economy_config_revision = economy_config_revision + 1 WHERE id = $1", [projectId, JSON.stringify({ ...TINY, boosters })]);

/** Runs `fn` while another transaction holds the player's balance row of `resource` (FOR UPDATE). */
async function holding<T>(p: TPlayer, resource: string, fn: (other: pg.PoolClient) => Promise<T>): Promise<T> {
  const other = await pool().connect();
  try {
    await other.query("BEGIN");
    const held = await other.query("SELECT 1 FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3 FOR UPDATE", [p.projectId, p.externalUserId, resource]);
    expect(held.rowCount).toBe(1);
    return await fn(other);
  } finally {
    await other.query("ROLLBACK").catch(() => {});
    other.release();
  }
}

/** Whether `pending` answers before anything waits on `other` (5 s to show a wait). */
async function answersWithoutWaitingOn(other: pg.PoolClient, pending: Promise<unknown>): Promise<"answered" | "blocked"> {
  const blocked = untilBlockedBy(other, "never waited", { timeoutMs: 5_000 }).then(() => "blocked" as const, () => "never" as const);
  return Promise.race([pending.then(() => "answered" as const), blocked.then((b) => (b === "blocked" ? b : new Promise<never>(() => {})))]);
}

describe("the balance lock sent with the key's statement", () => {
  it("a purchase whose lock waits while the configuration changes is debited at the price its key's statement checked, once", async () => {
    const { projectId, key } = await economyProject();
    const p = await newPlayer(suite.call, projectId, key);
    expect((await spend(p, "tiny")).status).toBe(200); // configuration cached, coins 9
    const s = await holding(p, "coins", async (other) => {
      const pending = spend(p, "tiny");
      await untilBlockedBy(other, "the purchase's balance lock never waited");
      // Committed while the purchase waits: the booster now costs 3 coins. The key's statement
      // (and the lock's condition) were checked before, so the purchase is ordered before it.
      await reprice(projectId, [{ ...TINY.boosters[0], price: { resource_id: "coins", amount: 3 } }]);
      await other.query("ROLLBACK");
      return pending;
    });
    expect(s.status, s.text).toBe(200);
    expect(s.body.balances).toEqual({ coins: 8 });
    // The next purchase pays the new price; the ledger adds up, nothing below zero.
    const next = await spend(p, "tiny");
    expect(next.body.balances).toEqual({ coins: 5 });
    expect(Number(await balanceOf(p, "coins"))).toBe(5);
    expect(await ledgerSum(p, "coins")).toBe(5);
  });

  it("a repeat of a key whose booster is no longer sold answers what it bought and locks no balance", async () => {
    const { projectId, key } = await economyProject();
    const p = await newPlayer(suite.call, projectId, key);
    const k = randomUUID();
    const first = await spend(p, "tiny", k);
    expect(first.status).toBe(200);
    await reprice(projectId, [{ ...TINY.boosters[0], id: "other" }]);
    await holding(p, "coins", async (other) => {
      const repeat = spend(p, "tiny", k);
      expect(await answersWithoutWaitingOn(other, repeat)).toBe("answered");
      expect((await repeat).body).toEqual(first.body);
      // A new purchase of it is 404, also without waiting on the row.
      const fresh = spend(p, "tiny");
      expect(await answersWithoutWaitingOn(other, fresh)).toBe("answered");
      expect((await fresh).status).toBe(404);
    });
    expect(Number(await balanceOf(p, "coins"))).toBe(9);
    expect(await ledgerSum(p, "coins")).toBe(9);
  });

  it("a repeat of a key whose booster was repriced in another resource answers what it bought, without the old resource's lock", async () => {
    const { projectId, key, grantKey } = await economyProject();
    const p = await newPlayer(suite.call, projectId, key);
    const k = randomUUID();
    const first = await spend(p, "tiny", k);
    expect(first.status).toBe(200);
    expect((await grantTo(grantKey, p, "tickets", 2)).status).toBe(200);
    await reprice(projectId, [{ ...TINY.boosters[0], price: { resource_id: "tickets", amount: 1 } }]);
    await holding(p, "coins", async (other) => {
      const repeat = spend(p, "tiny", k);
      expect(await answersWithoutWaitingOn(other, repeat)).toBe("answered");
      expect((await repeat).body).toEqual(first.body);
    });
    expect([Number(await balanceOf(p, "coins")), Number(await balanceOf(p, "tickets"))]).toEqual([9, 2]);
    expect([await ledgerSum(p, "coins"), await ledgerSum(p, "tickets")]).toEqual([9, 2]);
  });

  it("two first uses of one key while the first waits on the balance: one debit, the second answers the first's token", async () => {
    const { projectId, key } = await economyProject();
    const p = await newPlayer(suite.call, projectId, key);
    expect((await spend(p, "tiny")).status).toBe(200); // the coins row exists: the lock travels with the key
    const k = randomUUID();
    const [a, b] = await holding(p, "coins", async (other) => {
      const first = spend(p, "tiny", k);
      const [firstPid] = await waitersOf(other, "the first purchase never waited on the balance");
      // The second waits on the first's key (it holds the row the second's lock is for, too).
      const second = spend(p, "tiny", k);
      await untilBlockedBy(firstPid!, "the second purchase never waited on the first's key");
      await other.query("ROLLBACK");
      return Promise.all([first, second]);
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(a.body.balances).toEqual({ coins: 8 });
    expect(await ledgerSum(p, "coins")).toBe(8);
    expect((await pool().query("SELECT count(*)::int AS n FROM effect_token WHERE project_id = $1 AND external_user_id = $2", [projectId, p.externalUserId])).rows[0].n).toBe(2);
  });

  it("another player's locked balance row and the same key never hold up a player's purchase or grant", async () => {
    const { projectId, key, grantKey } = await economyProject();
    const [p, q] = [await newPlayer(suite.call, projectId, key), await newPlayer(suite.call, projectId, key)];
    const k = `order-${randomUUID().slice(0, 6)}`;
    expect((await spend(p, "tiny", k)).status).toBe(200);
    expect((await spend(q, "tiny")).status).toBe(200);
    await holding(p, "coins", async (other) => {
      const theirs = spend(q, "tiny", k);
      expect(await answersWithoutWaitingOn(other, theirs)).toBe("answered");
      expect((await theirs).body.balances).toEqual({ coins: 8 });
      const granted = grantTo(grantKey, q, "coins", 5, k);
      expect(await answersWithoutWaitingOn(other, granted)).toBe("answered");
      expect((await granted).body.balance).toBe(13);
    });
    expect([Number(await balanceOf(p, "coins")), Number(await balanceOf(q, "coins"))]).toEqual([9, 13]);
  });

  it("a grant whose lock waits on a row an erasure in flight deleted completes after it, on a fresh row, without a deadlock", async () => {
    const { projectId, key, grantKey } = await economyProject();
    const p = await newPlayer(suite.call, projectId, key);
    expect((await spend(p, "tiny")).status).toBe(200); // coins 9, one effect token
    const other = await pool().connect();
    try {
      // The erasure deletes the balance, the ledger and the keys, then waits at the effect token held here.
      await other.query("BEGIN");
      await other.query("SELECT 1 FROM effect_token WHERE project_id = $1 AND external_user_id = $2 FOR UPDATE", [projectId, p.externalUserId]);
      const erasing = suite.call("DELETE", `/v1/admin/projects/${projectId}/players/${encodeURIComponent(p.externalUserId)}/data`, { token: suite.admin.token });
      const [erasurePid] = await waitersOf(other, "the erasure never reached the effect token");
      const granted = grantTo(grantKey, p, "coins", 5);
      await untilBlockedBy(erasurePid!, "the grant's balance lock never waited on the erasure");
      await other.query("ROLLBACK");
      const [e, g] = await Promise.all([erasing, granted]);
      expect(e.status, e.text).toBe(200);
      expect(e.body.tables.player_balance).toBe(1);
      // Ordered after the erasure: the player's coins start again at 10.
      expect(g.status, g.text).toBe(200);
      expect(g.body.balance).toBe(15);
    } finally {
      await other.query("ROLLBACK").catch(() => {});
      other.release();
    }
    expect(Number(await balanceOf(p, "coins"))).toBe(15);
    expect(await ledgerSum(p, "coins")).toBe(15);
  });

  it("a grant to a player with no balance yet waits for an erasure in flight instead of committing beside it", async () => {
    const { projectId, key, grantKey } = await economyProject();
    const p = await newPlayer(suite.call, projectId, key);
    expect(await balanceOf(p, "coins")).toBeUndefined(); // nothing of the erasure's deletes to wait on
    const other = await pool().connect();
    try {
      // What an erasure holds from its first statement to its COMMIT: the player's data lock.
      await other.query("BEGIN");
      await other.query(`SELECT ${playerDataLockSql("$1", "exclusive")}`, [subjectHash(projectId, p.externalUserId)]);
      const granted = grantTo(grantKey, p, "coins", 5);
      // Without the lock the grant answered at once: its rows committed while the erasure ran and outlived it.
      expect(await answersWithoutWaitingOn(other, granted)).toBe("blocked");
      await other.query("ROLLBACK");
      expect((await granted).status).toBe(200);
    } finally {
      await other.query("ROLLBACK").catch(() => {});
      other.release();
    }
  });
});
