import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pool } from "@/server/db/client";
import { eventPageQuery } from "@/server/domain/insight/event-log/event-filters";
import { EXPORT_BATCH_ROWS } from "@/server/domain/insight/event-log/export-events";
import { client, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * The CSV export of 100 000 events in constant memory. The server runs in this process, so the
 * test sees every query it sends: the export must read the log in keyset batches (never one
 * query for everything), and must read them only as fast as the client takes the bytes — while
 * the client stops reading, the server stops reading the database after the socket buffers are
 * full, long before it has read the whole log. An export that buffers the log, or writes to the
 * socket without waiting for it to drain, reads all 100 000 rows during the stall and fails.
 */
const ROWS = 100_000;
const FORMULA_EVERY = 1000;
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  projectId = await createProject(call, admin);
  // Every 1000th player id starts with a formula character (=, +, -, @ in turn); ~500 bytes of
  // payload per row make the file ~60 MB, far more than any socket buffer holds.
  await pool().query(
    `INSERT INTO player_event (project_id, external_user_id, type, source, payload, created_at)
     SELECT $1::uuid,
            CASE WHEN g % ${FORMULA_EVERY} = 0 THEN (ARRAY['=', '+', '-', '@'])[(g / ${FORMULA_EVERY}) % 4 + 1] || 'cmd' || g ELSE 'player-' || (g % 5000) END,
            'custom', 'server', jsonb_build_object('n', g, 'pad', repeat('x', 480)),
            timestamptz '2026-01-01T00:00:00Z' + (g / 3) * interval '1 millisecond'
       FROM generate_series(1, ${ROWS}) g`,
    [projectId],
  );
  await pool().query("ANALYZE player_event");
}, 120_000);
afterAll(() => server.close());

describe("event log export at 100 000 rows", () => {
  it("streams every row in keyset batches, paced by the client, with formula cells neutralised", async () => {
    const exportQueries: Array<{ text: string; rows: number }> = [];
    const p = pool();
    const query = p.query.bind(p) as (...args: unknown[]) => Promise<{ rowCount: number | null }>;
    const spy = vi.spyOn(p, "query").mockImplementation(((...args: unknown[]) => {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
      const result = query(...args);
      if (text.includes("FROM player_event") && text.includes(`project_id = $1::uuid`)) {
        void result.then((r) => exportQueries.push({ text, rows: r.rowCount ?? 0 }));
      }
      return result;
    }) as never);
    const fetched = () => exportQueries.reduce((n, q) => n + q.rows, 0);
    try {
      const res = await fetch(`${server.url}/v1/admin/projects/${projectId}/events/export`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let rest = "";
      let records = 0;
      let bytes = 0;
      const formulaCells: string[] = [];
      const take = (chunk: Uint8Array) => {
        bytes += chunk.byteLength;
        const lines = (rest + decoder.decode(chunk, { stream: true })).split("\r\n");
        rest = lines.pop()!;
        for (const line of lines) {
          records++;
          const user = line.split(",")[4]!;
          if (!user.startsWith("player-") && records > 1) formulaCells.push(user);
        }
      };

      const first = await reader.read();
      take(first.value!);
      // The client stalls. Wait until the server has started reading and then stopped (its reads
      // no longer move for half a second).
      let last = -1;
      let stable = 0;
      for (let i = 0; i < 300 && stable < 5; i++) {
        await new Promise((r) => setTimeout(r, 100));
        stable = fetched() > 0 && fetched() === last ? stable + 1 : 0;
        last = fetched();
      }
      const readDuringStall = fetched();
      expect(readDuringStall, "rows read while the client did not read").toBeLessThan(ROWS / 2);
      expect(readDuringStall).toBeGreaterThan(0);

      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        take(value);
      }
      expect(rest).toBe("");
      expect(records).toBe(ROWS + 1);
      expect(bytes).toBeGreaterThan(50_000_000);
      // Every formula-leading player id arrived with the neutralising quote.
      expect(formulaCells).toHaveLength(ROWS / FORMULA_EVERY);
      for (const cell of formulaCells) expect(cell).toMatch(/^'[=+\-@]cmd\d+$/);
      // Read in keyset batches of EXPORT_BATCH_ROWS: 100 full ones and the empty one that ends it.
      expect(exportQueries.every((q) => q.text.includes(`LIMIT ${EXPORT_BATCH_ROWS}`))).toBe(true);
      expect(exportQueries.every((q) => q.rows <= EXPORT_BATCH_ROWS)).toBe(true);
      expect(exportQueries).toHaveLength(ROWS / EXPORT_BATCH_ROWS + 1);
      expect(fetched()).toBe(ROWS);
    } finally {
      spy.mockRestore();
    }
  }, 180_000);

  it("stops reading the database when the client goes away mid-download", async () => {
    let exportReads = 0;
    const p = pool();
    const query = p.query.bind(p) as (...args: unknown[]) => Promise<unknown>;
    const spy = vi.spyOn(p, "query").mockImplementation(((...args: unknown[]) => {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
      if (text.includes("FROM player_event")) exportReads++;
      return query(...args);
    }) as never);
    try {
      const ac = new AbortController();
      const res = await fetch(`${server.url}/v1/admin/projects/${projectId}/events/export`, { headers: { authorization: `Bearer ${admin.token}` }, signal: ac.signal });
      const reader = res.body!.getReader();
      await reader.read();
      while (exportReads === 0) await new Promise((r) => setTimeout(r, 20));
      ac.abort();
      await reader.closed.catch(() => {});
      let last = -1;
      for (let i = 0; i < 100 && exportReads !== last; i++) {
        last = exportReads;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(exportReads).toBeLessThan(ROWS / EXPORT_BATCH_ROWS / 2);
      // The server is still healthy.
      expect((await call("GET", `/v1/admin/projects/${projectId}/events?limit=1`, { token: admin.token })).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
  }, 60_000);

  it("reads every filter shape as an index range in (created_at, id) order, without sorting the project's events", async () => {
    const after = { at: new Date("2026-01-01T00:00:10Z"), id: "50000" };
    const holding = (await pool().query<{ part: string }>("SELECT DISTINCT tableoid::regclass::text AS part FROM player_event WHERE project_id = $1", [projectId])).rows.map((r) => r.part);
    expect(holding.length).toBeGreaterThan(0);
    const shapes = [{}, { eventType: "custom" }, { externalUserId: "player-7" }, { since: new Date("2026-01-01T00:00:01Z"), until: new Date("2026-01-01T00:00:20Z") }];
    for (const filters of shapes) {
      for (const position of [null, after]) {
        const q = eventPageQuery(projectId, filters, position, 51);
        const plan = JSON.stringify((await pool().query({ text: `EXPLAIN (FORMAT JSON) ${q.text}`, values: q.values })).rows[0]["QUERY PLAN"]);
        // The months are merged in order from their indexes; a sort is only ever of one player's few
        // rows (the planner may sort the 33 events of player-7 it found by index rather than merge 14 ranges).
        const sorted = [...plan.matchAll(/"Node Type":"Sort",[^{]*?"Plan Rows":(\d+)/g)].map((m) => Number(m[1]));
        expect(sorted.filter((rows) => rows > 1000), JSON.stringify(filters)).toEqual([]);
        // An empty month may be scanned (nothing to read); the ones holding the project's rows never are.
        for (const part of holding) expect(plan, `${JSON.stringify(filters)} on ${part}`).not.toMatch(new RegExp(`"Node Type":"Seq Scan"[^}]*"Relation Name":"${part}"`));
        // one index range per month partition (player_event_2026_11_project_id_…), merged in order
        // (a long partition name truncates the index name at 63 bytes: …_created_at_idx)
        expect(plan).toMatch(/"Index Name":"player_event_(\w+_)?project_id_\w*created_at(_id)?_idx"/);
      }
    }
  });
});
