import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { client, createApiKey, createProject, verifiedAdmin, type TAdmin, type TCall } from "./api";
import { startTestServer, type TTestServer } from "./server";
import { API_ORIGIN, type TPlayer } from "./play";

/** Admin wheel routes: every write carries the admin origin, as the console does. */
export function wheelAdmin(call: TCall, admin: TAdmin, projectId: string) {
  const base = `/v1/admin/projects/${projectId}/wheels`;
  const write = (method: string, path: string, body?: unknown) => call(method, base + path, { token: admin.token, headers: { origin: API_ORIGIN }, body });
  return {
    base,
    draft: (wheel = "daily") => call("GET", `${base}/${wheel}/draft`, { token: admin.token }),
    saveDraft: (draft: Record<string, unknown>, wheel = "daily") => write("PUT", `/${wheel}/draft`, draft),
    publish: (hash: string, wheel = "daily") => write("POST", `/${wheel}/publish`, { expected_draft_hash: hash }),
    simulate: (body: Record<string, unknown> = {}, wheel = "daily") => write("POST", `/${wheel}/simulate`, body),
    stats: (wheel = "daily") => call("GET", `${base}/${wheel}/stats`, { token: admin.token }),
    settings: () => call("GET", `${base}/settings`, { token: admin.token }),
    saveSettings: (timezone: string) => write("PUT", "/settings", { timezone }),
  };
}

/** Saves `patch` over the default draft and publishes it; answers the published version and the draft. */
export async function publishDraft(call: TCall, admin: TAdmin, projectId: string, patch: Record<string, unknown> = {}, wheel = "daily") {
  const w = wheelAdmin(call, admin, projectId);
  const current = await w.draft(wheel);
  if (current.status !== 200) throw new Error(`draft ${current.status} ${current.text}`);
  const saved = await w.saveDraft({ ...current.body.draft, ...patch }, wheel);
  if (saved.status !== 200) throw new Error(`save draft ${saved.status} ${saved.text}`);
  const published = await w.publish(saved.body.draft_hash, wheel);
  if (published.status !== 200) throw new Error(`publish ${published.status} ${published.text}`);
  return { version: published.body.version as number, draft: saved.body.draft, publish: published.body };
}

/** A project (free play unless told) with a published daily wheel and a session-issuing key. */
export async function wheelProject(call: TCall, admin: TAdmin, opts: { patch?: Record<string, unknown>; project?: Record<string, unknown> } = {}) {
  const projectId = await createProject(call, admin);
  if (opts.project) {
    const res = await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: opts.project });
    if (res.status !== 200) throw new Error(`patch project ${res.status} ${res.text}`);
  }
  const key = await createApiKey(call, admin, projectId);
  const published = await publishDraft(call, admin, projectId, opts.patch ?? {});
  return { projectId, key, ...published };
}

export function spin(call: TCall, player: TPlayer, body: Record<string, unknown>, origin: string | null = API_ORIGIN) {
  return call("POST", "/v1/wheel/spins", { token: player.token, ip: player.ip, headers: origin ? { origin } : {}, body: { spin_id: randomUUID(), wheel_id: "daily", source: "lobby", ...body } });
}

/** Every key anywhere in a JSON value (to prove what an answer does not contain). */
export function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allKeys(v, out);
    }
  }
  return out;
}

/** A draft's segments with simple weights and costs, for tests that count. */
export const TEST_SEGMENTS = [
  { id: "ticket_1", label: "1 ticket", icon: "ticket", award: { type: "tickets", amount: 1 }, weight: 17 },
  { id: "coins_10", label: "10 coins", icon: "coin", award: { type: "resource", resource_id: "coins", amount: 10 }, weight: 29 },
  { id: "coins_50", label: "50 coins", icon: "star", award: { type: "resource", resource_id: "coins", amount: 50 }, weight: 7 },
  { id: "try_again", label: "Try again", icon: "try_again", award: { type: "nothing" }, weight: 47 },
];

/** What every wheel test file starts with: the server, a client, a verified admin and a direct database client. */
export type TWheelFixture = { server: TTestServer; call: TCall; admin: TAdmin; pgc: pg.Client };

/** Sets the fixture up before the file's tests (handing it to `set`) and closes it after them. */
export function wheelFixture(set: (f: TWheelFixture) => void): void {
  let f: TWheelFixture | undefined;
  beforeAll(async () => {
    const server = await startTestServer();
    const call = client(server.url);
    const pgc = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await pgc.connect();
    f = { server, call, admin: await verifiedAdmin(call), pgc };
    set(f);
  });
  afterAll(async () => {
    await f?.pgc.end();
    await f?.server.close();
  });
}
