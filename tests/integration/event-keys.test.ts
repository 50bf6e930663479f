import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, nowMs, resetClock } from "@/server/lib/clock";
import { startPlaySuite, stopPlaySuite, type TPlaySuite } from "../helpers/play-suite";
import { untilBlockedBy } from "../helpers/locks";

/**
 * An event's idempotency key is recorded once per project and source in player_event_key (migration
 * 0034), by a trigger on player_event, because player_event is partitioned by month (0035) and its
 * own unique index could not say it. These tests hold the rule at the database (two transactions
 * racing one key, with and without a rollback) and through the API across a month boundary, where
 * the first event and its retry fall into different partitions.
 */
let suite: TPlaySuite;
beforeAll(async () => {
  suite = await startPlaySuite("match3_v1");
});
afterAll(() => stopPlaySuite(suite));
afterEach(() => resetClock());

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  return c;
}

const insert = (c: pg.Client, projectId: string, key: string) =>
  c.query(
    `INSERT INTO player_event (project_id, external_user_id, type, source, payload, idempotency_key, created_at)
     VALUES ($1, 'shopper-9', 'purchase', 'business', '{}', $2, now())`,
    [projectId, key],
  );


/**
 * Stages the race: connection `a` records an event under `key` in an open transaction, `b` inserts
 * the same key and waits for it (pg_blocking_pids says so); `finish` ends a's transaction with
 * COMMIT or ROLLBACK and answers how many rows b's insert wrote.
 */
async function race(key: string, finish: "COMMIT" | "ROLLBACK"): Promise<number> {
  const [a, b] = [await client(), await client()];
  try {
    await a.query("BEGIN");
    expect((await insert(a, suite.project.projectId, key)).rowCount).toBe(1);
    const second = insert(b, suite.project.projectId, key);
    await untilBlockedBy(a, "the second insert waits for the first's key", { watcher: suite.pgc });
    await a.query(finish);
    return (await second).rowCount ?? 0;
  } finally {
    await a.end();
    await b.end();
  }
}

const count = async (table: string, key: string) =>
  (await suite.pgc.query(`SELECT count(*)::int AS n FROM ${table} WHERE project_id = $1 AND idempotency_key = $2`, [suite.project.projectId, key])).rows[0].n as number;

describe("player_event_key", () => {
  it("two transactions racing one key: the second waits for the first and records nothing once it commits", async () => {
    const key = `race-${Date.now()}`;
    expect(await race(key, "COMMIT")).toBe(0);
    expect(await count("player_event", key)).toBe(1);
  });

  it("when the first transaction rolls back, the waiting one records its event", async () => {
    const key = `rollback-${Date.now()}`;
    expect(await race(key, "ROLLBACK")).toBe(1);
    expect(await count("player_event", key)).toBe(1);
    expect(await count("player_event_key", key)).toBe(1);
  });

  it("a retry in the next month (another partition) is answered as the duplicate it is", async () => {
    const at = new Date(nowMs());
    // five seconds before the month turns: room for a slow first request to land in this month
    const monthEnd = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) - 5_000;
    advanceClock(monthEnd - nowMs());
    const body = { project_id: suite.project.projectId, external_user_id: "shopper-10", type: "purchase", payload: { amount_minor: 500 } };
    const headers = { "idempotency-key": `month-${Date.now()}` };
    const first = await suite.call("POST", "/v1/server/business-events", { token: suite.project.key, headers, body });
    expect(first.status).toBe(200);
    expect(first.body.duplicate).toBe(false);
    advanceClock(6_000);
    const retry = await suite.call("POST", "/v1/server/business-events", { token: suite.project.key, headers, body });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ duplicate: true, received_at: first.body.received_at });
    const { rows } = await suite.pgc.query<{ n: number; month: string }>(
      "SELECT count(*)::int AS n, min(to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM')) AS month FROM player_event WHERE project_id = $1 AND idempotency_key = $2",
      [suite.project.projectId, headers["idempotency-key"]],
    );
    expect(rows[0]).toEqual({ n: 1, month: new Date(monthEnd).toISOString().slice(0, 7) });
  });
});

describe("a key used for another player's event", () => {
  const business = (externalUserId: string, key: string) =>
    suite.call("POST", "/v1/server/business-events", {
      token: suite.project.key,
      headers: { "idempotency-key": key },
      body: { project_id: suite.project.projectId, external_user_id: externalUserId, type: "purchase", payload: { amount_minor: 500 } },
    });

  it("is 409 idempotency_conflict and records nothing; the same player's retry is a duplicate", async () => {
    const key = `shared-${Date.now()}`;
    expect((await business("shopper-a", key)).body).toMatchObject({ accepted: true, duplicate: false });
    const other = await business("shopper-b", key);
    expect({ status: other.status, code: other.body.code }).toEqual({ status: 409, code: "idempotency_conflict" });
    expect((await business("shopper-a", key)).body).toMatchObject({ accepted: true, duplicate: true });
    const { rows } = await suite.pgc.query("SELECT external_user_id FROM player_event WHERE project_id = $1 AND idempotency_key = $2", [suite.project.projectId, key]);
    expect(rows).toEqual([{ external_user_id: "shopper-a" }]);
  });

  it("whose key row goes between the skipped insert and the look at it (an erasure, the retention) is recorded after all, never a 500", async () => {
    const key = `vanishing-${Date.now()}`;
    expect((await business("shopper-c", key)).status).toBe(200);
    // shopper-c's event is gone (as an erasure deletes it); a fault trigger deletes the key's row
    // after each insert statement on player_event, as an erasure committing just then would
    await suite.pgc.query("DELETE FROM player_event WHERE project_id = $1 AND idempotency_key = $2", [suite.project.projectId, key]);
    const fn = `key_vanish_${Date.now()}`;
    await suite.pgc.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM player_event_key WHERE idempotency_key = '${key}'; RETURN NULL; END $$`);
    await suite.pgc.query(`CREATE TRIGGER ${fn} AFTER INSERT ON player_event FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    try {
      const res = await business("shopper-d", key);
      expect({ status: res.status, duplicate: res.body.duplicate }).toEqual({ status: 200, duplicate: false });
    } finally {
      await suite.pgc.query(`DROP TRIGGER ${fn} ON player_event`);
      await suite.pgc.query(`DROP FUNCTION ${fn}()`);
    }
    const { rows } = await suite.pgc.query("SELECT external_user_id FROM player_event WHERE project_id = $1 AND idempotency_key = $2", [suite.project.projectId, key]);
    expect(rows).toEqual([{ external_user_id: "shopper-d" }]);
  });
});
