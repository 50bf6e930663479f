import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { databaseUrl } from "@/server/db/url";
import { advanceClock } from "@/server/lib/clock";
import { maintainEventPartitions } from "@/server/domain/gameplay";
import { createProject } from "../helpers/api";
import { serverSuite } from "../helpers/suite";

/**
 * player_event partitioned by month (migration 0035): the event log pages, the CSV export, search and
 * erasure see one table across the month partitions and the default one; the events.partitions job
 * creates the months ahead and drops the expired ones with their idempotency keys, keeping the rest.
 */
const s = serverSuite();
let projectId: string;

beforeAll(async () => {
  projectId = await createProject(s.call, s.admin, { name: "Partitions shop" });
});

const DAY = 86_400_000;
const monthsAgo = (n: number) => new Date(Date.now() - n * 31 * DAY);

async function seed(rows: Array<{ user: string; at: Date; key?: string }>): Promise<void> {
  await pool().query(
    `INSERT INTO player_event (project_id, external_user_id, type, source, payload, idempotency_key, created_at)
     SELECT $1::uuid, u, 'custom', 'server', '{}', k, a FROM unnest($2::text[], $3::text[], $4::timestamptz[]) AS x(u, k, a)`,
    [projectId, rows.map((r) => r.user), rows.map((r) => r.key ?? null), rows.map((r) => r.at)],
  );
}

/** Where each of the project's events of `user` is stored. */
async function partitionsOf(user: string): Promise<string[]> {
  const { rows } = await pool().query<{ part: string }>("SELECT DISTINCT tableoid::regclass::text AS part FROM player_event WHERE project_id = $1 AND external_user_id = $2 ORDER BY 1", [projectId, user]);
  return rows.map((r) => r.part);
}

describe("player_event by month", () => {
  it("stores each month in its partition (a month without one in the default partition) and the event log pages across them in order", async () => {
    const base = Date.now() - 20 * DAY;
    // 24 events of one player: this month and the last, the months ahead, and 30 months ago (no partition there)
    const ats = Array.from({ length: 24 }, (_, i) => new Date(i % 4 === 3 ? Date.now() - 900 * DAY - i * 1000 : base + (i - 8) * 4 * DAY));
    await seed(ats.map((at) => ({ user: "pager", at })));
    expect((await partitionsOf("pager")).length).toBeGreaterThanOrEqual(3);
    expect(await partitionsOf("pager")).toContain("player_event_default");
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await s.call("GET", `/v1/admin/projects/${projectId}/events?external_user_id=pager&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: s.admin.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.events.map((e: { created_at: string }) => e.created_at));
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ats].sort((a, b) => b.getTime() - a.getTime()).map((d) => d.toISOString()));
    const csv = await fetch(`${s.server.url}/v1/admin/projects/${projectId}/events/export?external_user_id=pager`, { headers: { authorization: `Bearer ${s.admin.token}` } });
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(1 + 24);
  });

  it("an erasure deletes the player's events in every partition, and their idempotency keys", async () => {
    await seed([
      { user: "leaver", at: new Date() },
      { user: "leaver", at: monthsAgo(2), key: `leaver-${Date.now()}` },
      { user: "leaver", at: monthsAgo(30) },
    ]);
    // this month's partition and the default one (this database has no partitions for months before its migration)
    expect(await partitionsOf("leaver")).toEqual(expect.arrayContaining(["player_event_default", expect.stringMatching(/^player_event_\d{4}_\d{2}$/)]));
    const erased = await s.call("DELETE", `/v1/admin/projects/${projectId}/players/leaver/data`, { token: s.admin.token });
    expect(erased.status).toBe(200);
    expect(erased.body.tables).toMatchObject({ player_event: 3, player_event_key: 1 });
    expect(await partitionsOf("leaver")).toEqual([]);
    const search = await s.call("GET", `/v1/admin/search?q=leaver&project_id=${projectId}`, { token: s.admin.token });
    expect(JSON.stringify(search.body)).not.toContain("leaver");
  });

  it("the job drops the months past the retention with their keys and stray rows, and keeps everything younger", async () => {
    const old = new Date(Date.UTC(2020, 0, 15));
    await pool().query("SELECT player_event_ensure_month('2020-01-01')");
    await seed([
      { user: "old-timer", at: old, key: `old-${Date.now()}` },
      { user: "old-timer", at: new Date(Date.UTC(2019, 5, 1)) }, // no partition: the default one
      { user: "old-timer", at: monthsAgo(12) },
      { user: "old-timer", at: new Date(), key: `new-${Date.now()}` },
    ]);
    expect(await partitionsOf("old-timer")).toContain("player_event_2020_01");
    const done = await maintainEventPartitions({ retentionMonths: 13 });
    expect(done.dropped).toContain("player_event_2020_01");
    expect(done.strayDeleted).toBeGreaterThanOrEqual(1);
    expect(done.keysDeleted).toBeGreaterThanOrEqual(1);
    const { rows } = await pool().query<{ at: Date }>("SELECT created_at AS at FROM player_event WHERE project_id = $1 AND external_user_id = 'old-timer' ORDER BY 1", [projectId]);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.at.getTime() > Date.now() - 13 * 31 * DAY)).toBe(true);
    const keys = await pool().query<{ k: string }>("SELECT idempotency_key AS k FROM player_event_key WHERE project_id = $1 AND external_user_id = 'old-timer'", [projectId]);
    expect(keys.rows.map((r) => r.k)).toEqual([expect.stringMatching(/^new-/)]);
    // the months ahead are there (the migration made 12, the job keeps 3), and a second run has nothing to do
    const ahead = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 3, 1));
    expect((await pool().query("SELECT to_regclass($1) AS t", [`player_event_${ahead.getUTCFullYear()}_${String(ahead.getUTCMonth() + 1).padStart(2, "0")}`])).rows[0].t).not.toBeNull();
    expect(await maintainEventPartitions({ retentionMonths: 13 })).toMatchObject({ created: [], dropped: [] });
  });

  it("creating a month gives way to a long read of the default partition instead of queueing everything behind it", async () => {
    // a long read holds the default partition (ACCESS SHARE); attaching a month needs ACCESS EXCLUSIVE on it
    const reader = new pg.Client({ connectionString: databaseUrl() });
    await reader.connect();
    const years = 80; // far enough ahead that the job wants new months, far enough back that it drops none
    advanceClock(years * 365 * DAY);
    try {
      await reader.query("BEGIN");
      await reader.query("SELECT count(*) FROM player_event_default");
      // without the lock timeout the job would wait for the read (and hold up every statement queued behind it)
      await expect(maintainEventPartitions({ retentionMonths: 12 * 1000, lockAttempts: 2 })).rejects.toMatchObject({ code: "55P03" });
      await reader.query("COMMIT");
      const done = await maintainEventPartitions({ retentionMonths: 12 * 1000 });
      expect(done.created.length).toBeGreaterThan(0);
      expect(done.lockRetries).toBe(0);
      for (const month of done.created) await pool().query(`DROP TABLE player_event_${month.replace("-", "_")}`);
    } finally {
      advanceClock(-years * 365 * DAY);
      await reader.end();
    }
  });

  it("a month created later takes its rows out of the default partition first", async () => {
    const far = new Date(Date.UTC(2099, 4, 10));
    await seed([{ user: "time-traveller", at: far }]);
    expect(await partitionsOf("time-traveller")).toEqual(["player_event_default"]);
    expect((await pool().query("SELECT player_event_ensure_month('2099-05-01') AS created")).rows[0].created).toBe(true);
    expect(await partitionsOf("time-traveller")).toEqual(["player_event_2099_05"]);
    await pool().query("DROP TABLE player_event_2099_05");
  });
});
