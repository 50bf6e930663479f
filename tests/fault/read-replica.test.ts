import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players, rewardsProject, verifiedAdmin, type TAdmin, type TProject } from "./harness/api";
import { expectAcknowledgedKept } from "./harness/checks";
import { ROOMY_ECONOMY, ROOMY_WHEEL, startLoad } from "./harness/load";
import { FAULT_METRICS_TOKEN, scrapedSum } from "./harness/metrics";
import { AckLog, Match3Player } from "./harness/players";
import { startReplica, type TPgReplica } from "./harness/postgres";
import { startReceiver, type TReceiver } from "./harness/receiver";
import { report } from "./harness/report";
import { faultRun, startStack, type TStack } from "./harness/stack";
import { freePort, pollUntil } from "./harness/wait";

/**
 * Scenario 6: a real streaming replica (pg_basebackup of the suite's cluster, hot standby on its
 * own port) behind DATABASE_READ_URL, while players play through two instances. The console's heavy
 * reads — analytics, the event log and its CSV export, billing usage — run on the replica; every
 * page answers 200 while the replica lags (replay paused), and a player erased meanwhile is never
 * shown (the project's reads stay on the primary until the replica has replayed the erasure); when
 * the replica crashes those reads fall back to the primary without touching play, and the same
 * processes return to it once it is back.
 */
const PLAYERS = 20;
let stack: TStack;
let replica: TPgReplica;
let receiver: TReceiver;
let project: TProject;
let admin: TAdmin;

beforeAll(async () => {
  const { runDir, cluster } = faultRun();
  receiver = await startReceiver();
  replica = await startReplica(cluster, path.join(runDir, "pg-replica"), await freePort());
  stack = await startStack({ name: "replica", webs: 2, workers: 1, readReplica: replica, env: { METRICS_TOKEN: FAULT_METRICS_TOKEN } });
  admin = await verifiedAdmin(stack.call);
  project = await rewardsProject(stack.call, admin, { webhookUrl: receiver.url, economy: ROOMY_ECONOMY, wheel: ROOMY_WHEEL });
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  try {
    replica?.crash();
  } catch {
    /* already stopped */
  }
});

/** Reads of the console's heavy pages; answers each one's status and body (text for the CSV). */
async function readPages(): Promise<Array<{ page: string; status: number; body: any }>> {
  const base = `/v1/admin/projects/${project.projectId}`;
  const pages = [
    `${base}/analytics/overview`,
    `${base}/analytics/ab`,
    `${base}/analytics/funnel?day_n=1`,
    `${base}/analytics/session-series?days=7`,
    `${base}/analytics/case`,
    `${base}/leaderboard`,
    `${base}/events?limit=500`,
    `${base}/events/export`,
    "/v1/admin/billing",
  ];
  return Promise.all(pages.map(async (page) => {
    const res = await stack.call("GET", page, { token: admin.token, ip: admin.ip });
    return { page, status: res.status, body: res.body };
  }));
}

const failed = (answers: Awaited<ReturnType<typeof readPages>>) => answers.filter((a) => a.status !== 200).map((a) => `${a.page}: ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
const reads = (labels: Record<string, string>) => scrapedSum(stack.webs, "playloop_db_reads_total", labels);

/** Rows of `sql` on the replica itself (what it would show a read). */
async function onReplica<R extends pg.QueryResultRow>(sql: string, values: unknown[]): Promise<R[]> {
  const c = new pg.Client({ connectionString: stack.databaseUrl.replace(`:${faultRun().cluster.port}/`, `:${replica.port}/`) });
  await c.connect();
  try {
    return (await c.query<R>(sql, values)).rows;
  } finally {
    await c.end();
  }
}

describe("a streaming read replica behind DATABASE_READ_URL", () => {
  it("serves the heavy reads; lag shows no erased player; a crash falls back to the primary and the service returns to it", async () => {
    const log = new AckLog();
    const [victimPlayer, ...others] = await players(stack.call, project, PLAYERS + 1);
    const victim = new Match3Player(stack.call, victimPlayer!, log);
    const roster = others.map((p) => new Match3Player(stack.call, p, log));
    const pids = stack.webs.map((w) => w.pid);
    // The victim starts a run (an event in the log), then stays out of the load.
    expect(await victim.step()).not.toBeNull();
    const load = startLoad(roster, { paceMs: 200, spendEvery: 6, spinEvery: 60, wheelVersion: project.wheelVersion, lobbyEvery: 10 });
    await pollUntil("load under way", () => log.commands.length >= 150, { timeoutMs: 60_000, everyMs: 50 });

    // 1. Healthy: every page answers from the replica.
    const before = await reads({ target: "replica" });
    expect(failed(await readPages())).toEqual([]);
    expect(await reads({ target: "replica" })).toBeGreaterThan(before);
    const events = (await readPages()).find((a) => a.page.includes("/events?"))!;
    expect(events.body.events.some((e: { external_user_id: string }) => e.external_user_id === victimPlayer!.externalUserId)).toBe(true);
    // One player's events (the log filtered by them, its export) are read where they are current: the primary.
    const byPlayer = await reads({ reason: "names_player" });
    const onReplicaBefore = await reads({ target: "replica" });
    const who = encodeURIComponent(victimPlayer!.externalUserId);
    for (const page of [`/events?external_user_id=${who}`, `/events/export?external_user_id=${who}`]) {
      const res = await stack.call("GET", `/v1/admin/projects/${project.projectId}${page}`, { token: admin.token, ip: admin.ip });
      expect(res.status, page).toBe(200);
    }
    expect(await reads({ reason: "names_player" })).toBe(byPlayer + 2);
    expect(await reads({ target: "replica" })).toBe(onReplicaBefore);

    // 2. Lag: the replica stops replaying; the pages still answer, and the victim erased now is
    // never shown, though the replica still holds their events.
    await replica.pauseReplay();
    const erasure = await stack.call("DELETE", `/v1/admin/projects/${project.projectId}/players/${encodeURIComponent(victimPlayer!.externalUserId)}/data`, { token: admin.token, ip: admin.ip });
    expect(erasure.status).toBe(200);
    expect(erasure.body.tables.player_event).toBeGreaterThan(0);
    const stillThere = await onReplica<{ n: number }>("SELECT count(*)::int AS n FROM player_event WHERE external_user_id = $1", [victimPlayer!.externalUserId]);
    expect(stillThere[0]!.n).toBeGreaterThan(0);
    const behind = await reads({ reason: "replica_behind_erasure" });
    const lagging = await readPages();
    expect(failed(lagging)).toEqual([]);
    for (const a of lagging) expect(JSON.stringify(a.body), a.page).not.toContain(victimPlayer!.externalUserId);
    expect(await reads({ reason: "replica_behind_erasure" })).toBeGreaterThan(behind);
    await replica.resumeReplay();
    await pollUntil("the replica replays the erasure", async () => (await onReplica<{ n: number }>("SELECT count(*)::int AS n FROM player_event WHERE external_user_id = $1", [victimPlayer!.externalUserId]))[0]!.n === 0, { timeoutMs: 30_000, everyMs: 100 });
    const caughtUp = await reads({ target: "replica" });
    expect(failed(await readPages())).toEqual([]);
    expect(await reads({ target: "replica" })).toBeGreaterThan(caughtUp);

    // 3. The replica crashes: the pages fall back to the primary, play does not notice.
    const crashAt = Date.now();
    replica.crash();
    const down = await reads({ reason: "replica_down" });
    for (let i = 0; i < 3; i++) expect(failed(await readPages())).toEqual([]);
    expect(await reads({ reason: "replica_down" })).toBeGreaterThan(down);
    await pollUntil("play goes on during the outage", () => log.answers.filter((a) => a.status === 200 && a.sentAt > crashAt).length >= 200, { timeoutMs: 60_000, everyMs: 50 });

    // 4. Back: the same processes read the replica again, without a restart.
    const restartAt = Date.now();
    await replica.start();
    const back = await reads({ target: "replica" });
    const whileReturning: string[] = [];
    await pollUntil("reads served by the replica again", async () => (whileReturning.push(...failed(await readPages())), (await reads({ target: "replica" })) > back), { timeoutMs: 30_000, everyMs: 500 });
    expect(whileReturning).toEqual([]);
    const returnMs = Date.now() - restartAt;
    await load.stop();

    expect(stack.webs.map((w) => w.pid)).toEqual(pids);
    expect(stack.webs.every((w) => w.running())).toBe(true);
    // Play never used the replica: no error of any kind while it was down, nothing acknowledged lost.
    expect(log.answers.filter((a) => a.status !== 200 && a.sentAt >= crashAt)).toEqual([]);
    expect(load.unexpected).toEqual([]);
    expect(roster.flatMap((p) => p.unexpected)).toEqual([]);
    await expectAcknowledgedKept(stack.db, project.projectId, log);
    report("read replica", {
      commands: log.commands.length,
      statementsOnReplica: await reads({ target: "replica" }),
      onPrimaryBehindErasure: await reads({ reason: "replica_behind_erasure" }),
      onPrimaryReplicaDown: await reads({ reason: "replica_down" }),
      backOnReplicaMs: returnMs,
    });
  });
});
