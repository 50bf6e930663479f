import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshCode, players, rewardsProject, verifiedAdmin, type TAdmin, type TCall, type TProject, type TRes } from "./harness/api";
import { expectAcknowledgedKept, undelivered } from "./harness/checks";
import { ROOMY_ECONOMY, startLoad } from "./harness/load";
import { AckLog, Match3Player } from "./harness/players";
import { startReceiver, type TReceiver } from "./harness/receiver";
import { report } from "./harness/report";
import { startStack, type TStack } from "./harness/stack";
import { pollUntil } from "./harness/wait";

/**
 * Scenario 3: Redis is killed for 10 s while players play and buy through two instances. Every
 * limit in `server/rate-limit/policies.ts` fails closed (docs/operations/security.md: "failing closed with
 * 503"), so during the outage admin login, the 2FA challenge, run starts, commands and purchases
 * must all answer 503 — never a 200 that skipped its limiter — while /v1/health stays up and
 * /v1/ready names the cache. Nothing acknowledged may be lost, and when Redis is back (empty, as
 * a cache without persistence restarts) both instances recover without a restart.
 */
const PLAYERS = 50;
const OUTAGE_MS = 10_000;
let stack: TStack;
let receiver: TReceiver;
let project: TProject;
const admins: TAdmin[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startStack({ name: "redisdown", webs: 2, workers: 1 });
  // One admin per instance: each 2FA challenge that succeeds spends a TOTP step of its account.
  admins.push(await verifiedAdmin(stack.call, "10.59.0.1"), await verifiedAdmin(stack.call, "10.59.0.2"));
  project = await rewardsProject(stack.call, admins[0]!, { webhookUrl: receiver.url, economy: ROOMY_ECONOMY });
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

type TProbe = { kind: "login" | "challenge" | "ready" | "health"; pin: number; res: TRes };

const login = (call: TCall, a: TAdmin, pin: number) => call("POST", "/v1/admin/auth/login", { body: { email: a.email, password: a.password }, ip: a.ip, pin });
async function challenge(call: TCall, a: TAdmin, token: string, pin: number) {
  const { code, step } = await freshCode(a);
  const res = await call("POST", "/v1/admin/two-factor/challenge", { token, ip: a.ip, pin, body: { code } });
  if (res.status === 200) a.usedStep = step;
  return res;
}

describe("Redis stopped for 10 s under load", () => {
  it("limited routes fail closed with 503, nothing acknowledged is lost, both instances recover without a restart", async () => {
    const log = new AckLog();
    const roster = (await players(stack.call, project, PLAYERS)).map((p) => new Match3Player(stack.call, p, log));
    // Sessions waiting for their 2FA challenge, one on each instance, made while Redis is up.
    const pending = await Promise.all(admins.map(async (a, i) => (await login(stack.call, a, i)).body.token as string));
    const pids = [...stack.webs, ...stack.workers].map((p) => p.pid);
    const load = startLoad(roster, { paceMs: 200, spendEvery: 6 });
    await pollUntil("load under way", () => log.commands.length >= 150, { timeoutMs: 60_000, everyMs: 50 });

    await stack.redis.kill();
    const killedAt = Date.now();
    // The outage lasts OUTAGE_MS (the fault itself, not a wait for something): probe it meanwhile.
    const probes: TProbe[] = [];
    while (Date.now() < killedAt + OUTAGE_MS) {
      await Promise.all([0, 1].flatMap((pin) => [
        login(stack.call, admins[pin]!, pin).then((res) => probes.push({ kind: "login", pin, res })),
        challenge(stack.call, admins[pin]!, pending[pin]!, pin).then((res) => probes.push({ kind: "challenge", pin, res })),
        stack.call("GET", "/v1/ready", { pin }).then((res) => probes.push({ kind: "ready", pin, res })),
        stack.call("GET", "/v1/health", { pin }).then((res) => probes.push({ kind: "health", pin, res })),
      ]));
      await new Promise((r) => setTimeout(r, 200));
    }
    const restartAt = Date.now();
    await stack.redis.start();
    const redisUpMs = Date.now() - restartAt;

    // Time to first success on each instance, from the moment Redis was started again.
    const recovery = await Promise.all([0, 1].map(async (pin) => {
      const loginOk = pollUntil(`login on instance ${pin}`, async () => (await login(stack.call, admins[pin]!, pin)).status === 200, { timeoutMs: 30_000, everyMs: 50 }).then(() => Date.now() - restartAt);
      let last = 503;
      const challengeOk = pollUntil(`2FA challenge on instance ${pin}`, async () => (last = (await challenge(stack.call, admins[pin]!, pending[pin]!, pin)).status) === 200, {
        timeoutMs: 30_000,
        everyMs: 50,
        abort: () => (last === 503 || last === 200 ? null : `the challenge answered ${last}`),
      }).then(() => Date.now() - restartAt);
      const firstCommand = () => log.answers.filter((a) => a.route === "command" && a.status === 200 && a.servedBy === pin && a.sentAt >= restartAt).map((a) => a.answeredAt);
      const commandOk = pollUntil(`a command on instance ${pin}`, () => firstCommand().length > 0, { timeoutMs: 30_000, everyMs: 20 }).then(() => Math.min(...firstCommand()) - restartAt);
      const [loginMs, challengeMs, commandMs] = await Promise.all([loginOk, challengeOk, commandOk]);
      return { loginMs, challengeMs, commandMs };
    }));
    await pollUntil("load acknowledged after the outage", () => log.answers.filter((a) => a.status === 200 && a.sentAt > restartAt).length >= 200, { timeoutMs: 60_000, everyMs: 50 });
    await load.stop();

    // During the outage (sent after Redis died, at least a second before it was started again, so
    // no limiter could have reached it): every limited request was refused with 503.
    const windowEnd = restartAt - 1_000;
    const during = probes.filter((p) => p.res.sentAt >= killedAt && p.res.sentAt < windowEnd);
    const limited = during.filter((p) => p.kind === "login" || p.kind === "challenge");
    expect(limited.length).toBeGreaterThanOrEqual(20);
    expect(limited.filter((p) => p.res.status !== 503 || p.res.body.code !== "service_unavailable")).toEqual([]);
    expect(during.filter((p) => p.kind === "ready").every((p) => p.res.status === 503 && p.res.body.failed?.includes("cache"))).toBe(true);
    expect(during.filter((p) => p.kind === "health").every((p) => p.res.status === 200)).toBe(true);
    // Play routes count their limits in blocks of points (server/rate-limit/leases.ts). An instance
    // learns that Redis is gone when it handles its socket's close; a request it read just before
    // that may still be served from a block whose points Redis had already counted (the limit holds:
    // it is the same as a request sent an instant before the kill). So each instance's window starts
    // once it had answered /v1/ready with 503: from then on it knew, and every play request it was
    // sent must be refused.
    const noticedAt = [0, 1].map((pin) => Math.min(...probes.filter((p) => p.kind === "ready" && p.pin === pin && p.res.status === 503).map((p) => p.res.answeredAt)));
    expect(noticedAt.every((t) => t < killedAt + 2_000)).toBe(true);
    const play = log.sentBetween(killedAt, windowEnd).filter((a) => a.servedBy === null || a.sentAt >= noticedAt[a.servedBy]!);
    expect(play.length).toBeGreaterThan(100);
    expect(play.filter((a) => a.status !== 503 || a.code !== "service_unavailable")).toEqual([]);
    expect(load.unexpected).toEqual([]);
    expect(roster.flatMap((p) => p.unexpected)).toEqual([]);

    // Nothing acknowledged was lost or applied twice; the same processes served throughout.
    const { spends, economy } = await expectAcknowledgedKept(stack.db, project.projectId, log);
    expect([...stack.webs, ...stack.workers].map((p) => (p.running() ? p.pid : null))).toEqual(pids);
    await pollUntil("every webhook delivered", async () => (await undelivered(stack.db, project.projectId)) === 0, { timeoutMs: 60_000, everyMs: 250 });

    report("Redis outage", {
      outage_ms: restartAt - killedAt,
      limited_probes_during_outage: limited.length,
      limited_probes_503: limited.filter((p) => p.res.status === 503).length,
      play_requests_during_outage: play.length,
      play_requests_503: play.filter((a) => a.status === 503).length,
      commands_acknowledged: log.commands.length,
      commands_missing: 0,
      spends_acknowledged_keys: spends.acknowledged,
      spend_debit_rows: spends.debitRows,
      applied_not_acknowledged: spends.debitKeys - spends.acknowledged,
      wins: log.wins.length,
      negative_balances: economy.negatives,
      redis_up_ms: redisUpMs,
      first_login_ms: recovery.map((r) => r.loginMs),
      first_2fa_ms: recovery.map((r) => r.challengeMs),
      first_command_ms: recovery.map((r) => r.commandMs),
    });
  });
});
