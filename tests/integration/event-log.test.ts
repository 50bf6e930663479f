import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { client, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { startTestServer, type TTestServer } from "../helpers/server";

/** The admin event log: keyset pages under concurrent inserts, filters, signed cursors, CSV. */
let server: TTestServer;
let call: TCall;
let alice: TAdmin;
let mallory: TAdmin;
let aliceProject: string;
let aliceOther: string;
let malloryProject: string;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  [alice, mallory] = await Promise.all([verifiedAdmin(call), verifiedAdmin(call)]);
  [aliceProject, aliceOther, malloryProject] = await Promise.all([createProject(call, alice, { name: "Alice shop" }), createProject(call, alice), createProject(call, mallory)]);
});
afterAll(() => server.close());

type TSeed = { user?: string; type?: string; at: Date; payload?: Record<string, unknown> };
/** Inserts events directly (the log reads whatever was recorded), returning their ids in insert order. */
async function seed(projectId: string, rows: TSeed[]): Promise<string[]> {
  const res = await pool().query<{ id: string }>(
    `INSERT INTO player_event (project_id, external_user_id, type, source, payload, created_at)
     SELECT $1::uuid, u, t, 'server', p::jsonb, a FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY AS x(u, t, p, a, n) ORDER BY n
     RETURNING id::text`,
    [projectId, rows.map((r) => r.user ?? "u1"), rows.map((r) => r.type ?? "custom"), rows.map((r) => JSON.stringify(r.payload ?? {})), rows.map((r) => r.at)],
  );
  return res.rows.map((r) => r.id);
}

const eventsPath = (projectId: string, query: Record<string, string | number | undefined> = {}) => {
  const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  return `/v1/admin/projects/${projectId}/events${qs ? `?${qs}` : ""}`;
};

async function page(token: string, projectId: string, query: Record<string, string | number | undefined>) {
  const res = await call("GET", eventsPath(projectId, query), { token });
  expect(res.status, res.text).toBe(200);
  return res.body as { events: Array<{ id: string; type: string; external_user_id: string; created_at: string; payload: Record<string, unknown>; run_id: string | null; session_id: string | null; source: string }>; next_cursor: string | null };
}

describe("GET …/events", () => {
  it("pages newest first without skipping or repeating rows while events are inserted between pages, ties on created_at included", async () => {
    const project = await createProject(call, alice);
    const t0 = Date.parse("2026-05-01T12:00:00.000Z");
    // 12 events at distinct instants and 10 sharing one instant (ties are broken by id).
    const tie = new Date(t0 + 5_000);
    const original = await seed(project, [
      ...Array.from({ length: 12 }, (_, i) => ({ at: new Date(t0 + i * 1000), payload: { i } })),
      ...Array.from({ length: 10 }, (_, i) => ({ at: tie, payload: { tie: i } })),
    ]);
    const seen: Array<{ id: string; created_at: string }> = [];
    const above: string[] = []; // inserted at or above the position already reached
    const below: string[] = []; // inserted into the part not read yet (late, older events)
    let cursor: string | undefined;
    for (let n = 0; n < 30; n++) {
      const p = await page(alice.token, project, { limit: 4, cursor });
      seen.push(...p.events);
      if (!p.next_cursor) break;
      cursor = p.next_cursor;
      const boundary = new Date(p.events[p.events.length - 1]!.created_at);
      // Between pages: a newer event and two at the very instant of the page's last row (higher
      // ids, so they sort before the position reached: they belong to pages already read), and an
      // older event that belongs to the pages still to come.
      above.push(...(await seed(project, [{ at: new Date(t0 + 60_000), type: "late" }, { at: boundary, type: "late" }, { at: boundary, type: "late" }])));
      below.push(...(await seed(project, [{ at: new Date(t0 - 1000 - n), type: "backfill" }])));
    }
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size, "no row repeated").toBe(ids.length);
    // Every event that existed when paging began was read, the ones inserted into the unread part
    // were read too, and nothing inserted at or above the position reached leaked into later pages.
    expect(ids.filter((id) => original.includes(id)).sort()).toEqual([...original].sort());
    expect(ids.filter((id) => below.includes(id)).sort()).toEqual([...below].sort());
    expect(ids.filter((id) => above.includes(id))).toEqual([]);
    expect(ids).toHaveLength(original.length + below.length);
    // Strictly descending by (created_at, id).
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      const key = (e: typeof a) => [Date.parse(e.created_at), BigInt(e.id)] as const;
      const [ka, kb] = [key(a), key(b)];
      expect(ka[0] > kb[0] || (ka[0] === kb[0] && ka[1] > kb[1]), `${a.id} before ${b.id}`).toBe(true);
    }
    // A fresh first page shows the new events.
    expect((await page(alice.token, project, { limit: 1 })).events[0]!.type).toBe("late");
  });

  it("filters by type, player and time window; each event carries its references", async () => {
    const project = await createProject(call, alice);
    const t0 = Date.parse("2026-06-01T00:00:00.000Z");
    await seed(project, [
      { user: "ann", type: "level_won", at: new Date(t0), payload: { level: 1 } },
      { user: "ann", type: "level_lost", at: new Date(t0 + 1000) },
      { user: "bob", type: "level_won", at: new Date(t0 + 2000) },
      { user: "bob", type: "level_won", at: new Date(t0 + 3000) },
    ]);
    const all = await page(alice.token, project, {});
    expect(all.events.map((e) => [e.external_user_id, e.type])).toEqual([["bob", "level_won"], ["bob", "level_won"], ["ann", "level_lost"], ["ann", "level_won"]]);
    expect(all.next_cursor).toBeNull();
    expect(all.events[3]).toMatchObject({ source: "server", payload: { level: 1 }, run_id: null, session_id: null, created_at: new Date(t0).toISOString() });
    expect((await page(alice.token, project, { event_type: "level_won" })).events).toHaveLength(3);
    expect((await page(alice.token, project, { external_user_id: "ann" })).events.map((e) => e.type)).toEqual(["level_lost", "level_won"]);
    expect((await page(alice.token, project, { external_user_id: "bob", event_type: "level_won" })).events).toHaveLength(2);
    // since inclusive, until exclusive.
    const window = await page(alice.token, project, { since: new Date(t0 + 1000).toISOString(), until: new Date(t0 + 3000).toISOString() });
    expect(window.events.map((e) => e.created_at)).toEqual([new Date(t0 + 2000).toISOString(), new Date(t0 + 1000).toISOString()]);
    // Paged with filters: the cursor carries them.
    const first = await page(alice.token, project, { event_type: "level_won", limit: 2 });
    const second = await page(alice.token, project, { event_type: "level_won", limit: 2, cursor: first.next_cursor! });
    expect([...first.events, ...second.events].map((e) => e.external_user_id)).toEqual(["bob", "bob", "ann"]);
    expect(second.next_cursor).toBeNull();
  });

  it("validates limit, dates and window in the validation_error shape", async () => {
    for (const query of [{ limit: 0 }, { limit: 501 }, { limit: "x" }, { since: "yesterday" }, { since: "2026-01-02T00:00:00Z", until: "2026-01-01T00:00:00Z" }]) {
      const res = await call("GET", eventsPath(aliceProject, query), { token: alice.token });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body).toMatchObject({ code: "validation_error" });
      expect(typeof res.body.request_id).toBe("string");
    }
    expect((await call("GET", eventsPath(aliceProject, { limit: 500 }), { token: alice.token })).status).toBe(200);
  });

  it("refuses an edited cursor, another project's cursor and a cursor replayed with other filters", async () => {
    const at = new Date("2026-07-01T00:00:00.000Z");
    await seed(aliceProject, [{ at, type: "a" }, { at, type: "a" }, { at, type: "a" }]);
    await seed(aliceOther, [{ at, type: "a" }, { at, type: "a" }, { at, type: "a" }]);
    const p = await page(alice.token, aliceProject, { event_type: "a", limit: 1 });
    const cursor = p.next_cursor!;
    expect((await page(alice.token, aliceProject, { event_type: "a", limit: 1, cursor })).events).toHaveLength(1);

    const [v, body, sig] = cursor.split(".") as [string, string, string];
    const [iso, id] = Buffer.from(body, "base64url").toString().split("|") as [string, string];
    const moved = Buffer.from(`${iso}|${BigInt(id) + 1n}`).toString("base64url");
    const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1); // other signature bytes
    // Only the unused low bits of the last character: the same bytes once decoded, another text.
    const unusedBits = sig.slice(0, -1) + B64URL[B64URL.indexOf(sig.at(-1)!) ^ 1];
    const forged = [`${v}.${moved}.${sig}`, `${v}.${body}.${flipped}`, `${v}.${body}.${unusedBits}`, `${v}.${body}`, "garbage", `${v}.${body}.${sig}.x`];
    const other = await page(alice.token, aliceOther, { event_type: "a", limit: 1 });
    const cases: Array<[string, Record<string, string | number>]> = [
      ...forged.map((c): [string, Record<string, string | number>] => [aliceProject, { event_type: "a", limit: 1, cursor: c }]),
      [aliceProject, { event_type: "a", limit: 1, cursor: other.next_cursor! }], // another project's cursor
      [aliceOther, { event_type: "a", limit: 1, cursor }], // this cursor on another project
      [aliceProject, { event_type: "b", limit: 1, cursor }], // other filters
      [aliceProject, { limit: 1, cursor }],
    ];
    for (const [projectId, query] of cases) {
      const res = await call("GET", eventsPath(projectId, query), { token: alice.token });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
  });
});

describe("GET …/events/export", () => {
  it("downloads the filtered log as CSV with the header, correct quoting and neutralised formulas", async () => {
    const project = await createProject(call, alice, { name: "Formula & Co" });
    const t0 = Date.parse("2026-08-01T00:00:00.000Z");
    const hostile = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1)", "\tTAB", "\rCR", "plain, with \"quotes\"\nand a line"];
    await seed(project, hostile.map((user, i) => ({ user, type: i === 0 ? "=cmd|' /C calc'!A0" : "custom", at: new Date(t0 + i * 1000), payload: { note: "=1+2" } })));
    await seed(project, [{ user: "other", type: "skip", at: new Date(t0 + 99_000) }]);
    const res = await fetch(`${server.url}/v1/admin/projects/${project}/events/export?event_type=custom`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="events-formula-co-${project.slice(0, 8)}-${today}.csv"`);
    const text = await res.text();
    const records = parseCsv(text);
    expect(records[0]).toEqual(["id", "created_at", "type", "source", "external_user_id", "session_id", "run_id", "payload"]);
    const users = records.slice(1).map((r) => r[4]);
    // Newest first; the type filter applies; every formula-leading cell is prefixed with a quote.
    expect(users).toEqual(["plain, with \"quotes\"\nand a line", "'\rCR", "'\tTAB", "'@SUM(A1)", "'-2+3", "'+1+1"]);
    for (const r of records.slice(1)) {
      expect(r).toHaveLength(8);
      expect(r[7]).toBe('{"note":"=1+2"}');
    }
    // Unfiltered: the formula in the type column is neutralised too.
    const all = parseCsv(await (await fetch(`${server.url}/v1/admin/projects/${project}/events/export`, { headers: { authorization: `Bearer ${alice.token}` } })).text());
    expect(all).toHaveLength(1 + hostile.length + 1);
    expect(all[all.length - 1]!.slice(2, 5)).toEqual(["'=cmd|' /C calc'!A0", "server", "'=HYPERLINK(\"http://x\",\"y\")"]);
  });

  it("validates its query like the list, before sending anything", async () => {
    const res = await fetch(`${server.url}/v1/admin/projects/${aliceProject}/events/export?since=nope`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "validation_error", issues: [{ path: "since" }] });
  });
});

describe("access", () => {
  const routes = (projectId: string) => [eventsPath(projectId), `/v1/admin/projects/${projectId}/events/export`];

  it("answers 404 for another account's project and an unknown one, on every route", async () => {
    await seed(malloryProject, [{ at: new Date(), user: "mallory-player" }]);
    for (const projectId of [malloryProject, "00000000-0000-4000-8000-000000000000"]) {
      for (const path of routes(projectId)) {
        const res = await call("GET", path, { token: alice.token });
        expect(res.status, path).toBe(404);
        expect(res.body.code).toBe("not_found");
        expect(res.text).not.toContain("mallory-player");
      }
    }
    for (const path of routes("not-a-uuid")) expect((await call("GET", path, { token: alice.token })).status, path).toBe(422);
    // Mallory's own view works, so the 404 is ownership, not emptiness.
    expect((await page(mallory.token, malloryProject, {})).events.map((e) => e.external_user_id)).toContain("mallory-player");
  });

  it("answers 401 without a credential and 403 before two-factor verification", async () => {
    for (const path of routes(aliceProject)) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe("unauthorized");
    }
    const login = await call("POST", "/v1/admin/auth/login", { body: { email: alice.email, password: alice.password }, ip: alice.ip });
    for (const path of routes(aliceProject)) {
      const res = await call("GET", path, { token: login.body.token });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("two_factor_required");
    }
  });

  it("is in the OpenAPI document, the export as a CSV response", async () => {
    const doc = (await call("GET", "/docs/openapi.json")).body;
    expect(doc.paths["/v1/admin/projects/{project_id}/events"].get.description).toContain("keyset");
    const exp = doc.paths["/v1/admin/projects/{project_id}/events/export"].get;
    expect(Object.keys(exp.responses["200"].content)).toEqual(["text/csv"]);
    expect(exp.description).toContain("single quote");
  });
});

/** A small RFC 4180 reader for the assertions (quoted fields with doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(field), (field = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(field), out.push(row), (row = []), (field = ""), i++;
    else field += c;
  }
  if (field || row.length) row.push(field), out.push(row);
  return out;
}
