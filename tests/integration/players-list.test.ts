import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock } from "@/server/lib/clock";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, randomIp, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { startRun, type TPlayer } from "../helpers/play";
import { fullProject, seedFullPlayer } from "../helpers/players";
import { startReceiver } from "../helpers/rewards";

/** GET /v1/admin/projects/{project_id}/players: who played, with their runs, wins, rewards and fraud state. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let p: Awaited<ReturnType<typeof fullProject>>;
let rewarded: string;
let anon: TPlayer;
const plain: string[] = [];

const list = (query: string, who: TAdmin = admin, projectId = p.projectId) => call("GET", `/v1/admin/projects/${projectId}/players${query}`, { token: who.token });

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  receiver = await startReceiver();
  p = await fullProject(call, admin, receiver.url);
  // One player with a won level, a reward claim, a fraud flag and a manual `watch`.
  rewarded = `Rich_${randomUUID().slice(0, 6)}`;
  await seedFullPlayer(call, admin, p, rewarded);
  // Five who started a run each, a minute apart (the clock moves: last_seen orders them).
  for (let i = 0; i < 5; i++) {
    advanceClock(60_000);
    const id = `plain-${i}-${randomUUID().slice(0, 6)}`;
    const s = await call("POST", "/v1/server/session-token", { token: p.key, ip: randomIp(), body: { project_id: p.projectId, external_user_id: id } });
    expect((await startRun(call, { token: s.body.session_token, externalUserId: id, projectId: p.projectId, ip: randomIp() })).status).toBe(200);
    plain.push(id);
  }
  // An anonymous widget player, with two runs.
  advanceClock(60_000);
  const a = await call("POST", "/v1/widget/session", { ip: randomIp(), headers: { origin: "https://shop.example" }, body: { project_id: p.projectId, anonymous_id: `browser-${randomUUID()}` } });
  expect(a.status, a.text).toBe(200);
  anon = { token: a.body.session_token, externalUserId: a.body.external_user_id, projectId: p.projectId, ip: randomIp() };
  expect((await startRun(call, anon)).status).toBe(200);
  expect((await startRun(call, anon, { replace_active: true })).status).toBe(200);
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

describe("the players list", () => {
  it("lists everyone who played, newest activity first, with what they did and their fraud state", async () => {
    const res = await list("");
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(7);
    expect(res.body.next_cursor).toBeNull();
    const ids = res.body.players.map((r: { external_user_id: string }) => r.external_user_id);
    expect(ids).toEqual([anon.externalUserId, ...[...plain].reverse(), rewarded]);
    expect(res.body.players[0]).toMatchObject({ subject_type: "anonymous", runs_started: 2, levels_won: 0, rewards: 0, fraud_status: "none", open_flags: 0 });
    expect(res.body.players[6]).toMatchObject({ external_user_id: rewarded, subject_type: "verified", levels_won: 1, rewards: 1, fraud_status: "watch", open_flags: 1 });
    expect(res.body.players[6].runs_started).toBeGreaterThanOrEqual(1);
  });

  it("finds by part of the id in any case (anon_ finds the anonymous players); wildcards are literal", async () => {
    expect((await list("?search=ANON_")).body.players.map((r: { external_user_id: string }) => r.external_user_id)).toEqual([anon.externalUserId]);
    expect((await list(`?search=${rewarded.slice(0, 8).toLowerCase()}`)).body).toMatchObject({ total: 1, players: [{ external_user_id: rewarded }] });
    expect((await list("?search=%25")).body.total).toBe(0);
    expect((await list("?search=plain_")).body.total).toBe(0);
    expect((await list("?search=plain-")).body.total).toBe(5);
  });

  it("sorts by runs, levels won or id in either order, and pages with next_cursor without gaps or repeats", async () => {
    const byRuns = (await list("?sort=runs&order=desc")).body.players;
    expect(byRuns[0].external_user_id).toBe(anon.externalUserId);
    const byWins = (await list("?sort=levels_won")).body.players;
    expect(byWins[0].external_user_id).toBe(rewarded);
    for (const [sort, order] of [["last_seen", "desc"], ["runs", "asc"], ["external_user_id", "asc"], ["levels_won", "desc"]] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; body: { players: Array<{ external_user_id: string }>; next_cursor: string | null } } = await list(`?sort=${sort}&order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        expect(page.status).toBe(200);
        expect(page.body.players.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.players.map((r) => r.external_user_id));
        cursor = page.body.next_cursor;
      } while (cursor);
      const whole = (await list(`?sort=${sort}&order=${order}&limit=200`)).body.players.map((r: { external_user_id: string }) => r.external_user_id);
      expect(seen, `${sort} ${order}`).toEqual(whole);
      expect(new Set(seen).size).toBe(7);
    }
  });

  it("refuses a bad sort, limit or cursor with 422 and changes nothing; a cursor of another sort is refused", async () => {
    for (const q of ["?sort=rewards", "?order=up", "?limit=0", "?limit=201", "?cursor=not-a-cursor", `?search=${"x".repeat(129)}`]) {
      const res = await list(q);
      expect(res.status, q).toBe(422);
      expect(res.body.code, q).toBe("validation_error");
    }
    const first = await list("?sort=runs&limit=1");
    expect((await list(`?sort=last_seen&limit=1&cursor=${first.body.next_cursor}`)).status).toBe(422);
    expect((await list(`?sort=runs&order=asc&limit=1&cursor=${first.body.next_cursor}`)).status).toBe(422);
  });

  it("is the owner's only: another admin's real project answers 404, and so does theirs to us", async () => {
    const other = await verifiedAdmin(call);
    expect((await list("", other)).status).toBe(404);
    const theirs = await fullProject(call, other, receiver.url);
    expect((await list("", admin, theirs.projectId)).status).toBe(404);
    expect((await list("", other, theirs.projectId)).body.total).toBe(0);
  });

  it("an erased player is no longer listed", async () => {
    const erase = await call("DELETE", `/v1/admin/projects/${p.projectId}/players/${encodeURIComponent(plain[0]!)}/data`, { token: admin.token });
    expect(erase.status, erase.text).toBe(200);
    const res = await list("?limit=200");
    expect(res.body.total).toBe(6);
    expect(res.body.players.map((r: { external_user_id: string }) => r.external_user_id)).not.toContain(plain[0]);
  });
});
