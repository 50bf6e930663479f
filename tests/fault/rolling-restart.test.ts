import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players, rewardsProject, verifiedAdmin, type TProject } from "./harness/api";
import { claimsAndDeliveries, expectAcknowledgedKept, undelivered } from "./harness/checks";
import { ROOMY_ECONOMY, ROOMY_WHEEL, startLoad } from "./harness/load";
import { AckLog, Match3Player, type TAnswer } from "./harness/players";
import type { TProxyEvent } from "./harness/proxy";
import { startReceiver, type TReceiver } from "./harness/receiver";
import { report } from "./harness/report";
import { startStack, type TStack } from "./harness/stack";
import { pollUntil } from "./harness/wait";

/**
 * Scenario 5: a rolling restart under load. Two web instances behind a load balancer that asks
 * each one's /v1/ready every 100 ms, and two workers; players play, buy, spin and read lobbies
 * while each of the four processes in turn gets SIGTERM, exits, and is replaced on the same port.
 * A stopping web instance drains first (its readiness says `draining` while it keeps serving for
 * SHUTDOWN_DRAIN_MS, here 1.5 s, then it closes and finishes what is in flight); a stopping worker
 * finishes its jobs and attempts. Nothing may fail at the clients: zero error answers, every
 * acknowledged write present, every win's webhook delivered exactly once, no job lost.
 */
const PLAYERS = 30;
let stack: TStack;
let receiver: TReceiver;
let project: TProject;

beforeAll(async () => {
  receiver = await startReceiver({ delayMs: () => 50 });
  stack = await startStack({ name: "rolling", webs: 2, workers: 2, env: { SHUTDOWN_DRAIN_MS: "1500" }, proxyHealthChecks: true });
  const admin = await verifiedAdmin(stack.call);
  project = await rewardsProject(stack.call, admin, { webhookUrl: receiver.url, economy: ROOMY_ECONOMY, wheel: ROOMY_WHEEL });
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

describe("a rolling restart under load", () => {
  it("restarts every process in turn with no failed request, nothing acknowledged lost, every delivery exactly once", async () => {
    const log = new AckLog();
    const roster = (await players(stack.call, project, PLAYERS)).map((p) => new Match3Player(stack.call, p, log));
    const load = startLoad(roster, { paceMs: 200, spendEvery: 6, spinEvery: 60, wheelVersion: project.wheelVersion, lobbyEvery: 10 });
    await pollUntil("load under way", () => log.commands.length >= 100, { timeoutMs: 60_000, everyMs: 50 });

    const steps: Array<{ process: string; at: number; stop_to_ready_ms: number; answers_during: number }> = [];
    for (const p of [...stack.webs, ...stack.workers]) {
      const before = log.answers.length;
      const t0 = Date.now();
      const fresh = await stack.restart(p);
      // the new process serves (a web instance: answers through the proxy) before the next one goes
      if (fresh.kind === "web") {
        const pin = stack.webs.indexOf(fresh);
        await pollUntil(`${fresh.name} serving`, () => log.answers.some((a) => a.servedBy === pin && a.sentAt > t0 && a.status === 200), { timeoutMs: 30_000, everyMs: 50 });
      }
      steps.push({ process: p.name, at: t0, stop_to_ready_ms: Date.now() - t0, answers_during: log.answers.length - before });
    }
    await pollUntil("load acknowledged after the restarts", () => log.commands.length >= 400, { timeoutMs: 60_000, everyMs: 50 });
    await load.stop();

    // Not one failed answer: no 502 from the load balancer, no 503, no 500. (A player who wins or
    // loses fast meets the 10 starts a minute: a 429 on a start is the players' pace, not the restart.)
    const paced = log.answers.filter((a) => a.status === 429 && a.route === "start" && a.code === "rate_limited");
    const failed = log.answers.filter((a) => a.status !== 200 && !paced.includes(a));
    if (failed.length > 0) showTimeline(steps, stack.proxy.timeline, failed);
    expect(failed.map((a) => `${a.route} ${a.status} ${a.code ?? ""}`)).toEqual([]);
    expect(load.unexpected).toEqual([]);
    expect(roster.flatMap((p) => p.unexpected)).toEqual([]);
    // Nothing acknowledged was lost or applied twice.
    const { spends, spins } = await expectAcknowledgedKept(stack.db, project.projectId, log);
    // Every win's claim delivered, each exactly once: no attempt was cut off, so none repeats.
    await pollUntil("every webhook delivered", async () => (await undelivered(stack.db, project.projectId)) === 0, { timeoutMs: 60_000, everyMs: 250 });
    const { claims, deliveries } = await claimsAndDeliveries(stack.db, project.projectId);
    expect(claims.map((c) => c.run_id).sort()).toEqual(log.wins.map((w) => w.runId).sort());
    expect(deliveries).toHaveLength(claims.length);
    expect(receiver.byKey.size).toBe(claims.length);
    expect(receiver.duplicates()).toEqual([]);
    // No job lost: nothing of pg-boss's is left failed.
    const jobs = (await stack.db.query<{ state: string; n: number }>("SELECT state, count(*)::int AS n FROM pgboss.job WHERE state IN ('failed') GROUP BY state")).rows;
    expect(jobs).toEqual([]);

    report("rolling restart", {
      steps: steps.map(({ at: _at, ...s }) => s),
      answers: log.answers.length,
      failed: failed.length,
      start_429_by_pace: paced.length,
      commands_acknowledged: log.commands.length,
      spends_acknowledged_keys: spends.acknowledged,
      spins_acknowledged: spins.acknowledged,
      wins: log.wins.length,
      deliveries_delivered: deliveries.filter((d) => d.status === "delivered").length,
      receiver_requests: receiver.received.length,
    });
  });
});

/** A failure's story, in time from the first restart: each step, the proxy's rotation changes and errors, the failed answers. */
function showTimeline(steps: Array<{ process: string; at: number }>, timeline: TProxyEvent[], failed: TAnswer[]) {
  const zero = steps[0]?.at ?? 0;
  const lines = [
    ...steps.map((s) => ({ at: s.at, text: `restart ${s.process}` })),
    ...timeline.filter((t) => t.at >= zero - 1000).map((t) => ({ at: t.at, text: `proxy upstream ${t.upstream} ${t.event}` })),
    ...failed.map((a) => ({ at: a.answeredAt, text: `client ${a.route} ${a.status} via ${a.servedBy} (sent ${a.sentAt - zero} ms)` })),
  ].sort((a, b) => a.at - b.at);
  console.error(`[fault] rolling restart timeline:\n${lines.map((l) => `${String(l.at - zero).padStart(7)} ms  ${l.text}`).join("\n")}`);
}
