import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players, rewardsProject, verifiedAdmin, type TProject } from "./harness/api";
import { claimsAndDeliveries, expectAcknowledgedKept, undelivered } from "./harness/checks";
import { ROOMY_ECONOMY, ROOMY_WHEEL, startLoad } from "./harness/load";
import { AckLog, Match3Player } from "./harness/players";
import { startReceiver, type TReceiver } from "./harness/receiver";
import { report } from "./harness/report";
import { faultRun, startStack, type TStack } from "./harness/stack";
import { pollUntil } from "./harness/wait";

/**
 * Scenario 4: PostgreSQL is restarted in immediate mode (every backend killed at once, recovery
 * from the WAL) while players play, buy, spin and read the lobby (the read lane's shared
 * connections) through two instances and a worker delivers their rewards. Clients see 503
 * `service_unavailable` (Retry-After, naming the database) during the outage and retry unchanged (same command id,
 * idempotency key, spin id); no acknowledged write may be lost or applied twice; the same
 * processes serve again afterwards, without a restart.
 */
const PLAYERS = 50;
let stack: TStack;
let receiver: TReceiver;
let project: TProject;

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startStack({ name: "pgrestart", webs: 2, workers: 1 });
  const admin = await verifiedAdmin(stack.call);
  project = await rewardsProject(stack.call, admin, { webhookUrl: receiver.url, economy: ROOMY_ECONOMY, wheel: ROOMY_WHEEL });
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

describe("PostgreSQL restarted in immediate mode under load", () => {
  it("errors during the outage, no acknowledged write lost or doubled, the same processes recover", async () => {
    const { cluster } = faultRun();
    const log = new AckLog();
    const roster = (await players(stack.call, project, PLAYERS)).map((p) => new Match3Player(stack.call, p, log));
    const pids = [...stack.webs, ...stack.workers].map((p) => p.pid);
    // A spin every 60 turns of 200 ms stays under the wheel's 6 spins a minute per player, a lobby
    // every 10 under its 60 reads a minute.
    const load = startLoad(roster, { paceMs: 200, spendEvery: 6, spinEvery: 60, wheelVersion: project.wheelVersion, lobbyEvery: 10 });
    await pollUntil("load under way", () => log.commands.length >= 150 && log.spins.length >= 10, { timeoutMs: 60_000, everyMs: 50 });

    const restartAt = Date.now();
    const restartMs = await cluster.restartImmediate();
    const upAt = Date.now();
    // Time to first success on each instance after PostgreSQL accepts connections again.
    const firstSuccess = await Promise.all([0, 1].map(async (pin) => {
      const ok = () => log.answers.filter((a) => a.status === 200 && a.servedBy === pin && a.sentAt >= upAt).map((a) => a.answeredAt);
      await pollUntil(`a success on instance ${pin}`, () => ok().length > 0, { timeoutMs: 60_000, everyMs: 20, abort: () => (stack.webs[pin]!.running() ? null : "the instance exited") });
      return Math.min(...ok()) - upAt;
    }));
    await pollUntil("load acknowledged after the restart", () => log.answers.filter((a) => a.status === 200 && a.sentAt > upAt).length >= 300, { timeoutMs: 60_000, everyMs: 50 });
    // The read lane's connections died with the backends; both instances read lobbies again.
    await pollUntil("lobbies read on both instances after the restart", () => [0, 1].every((pin) => log.answers.some((a) => a.route === "lobby" && a.status === 200 && a.servedBy === pin && a.sentAt > upAt)), { timeoutMs: 30_000, everyMs: 50 });
    await load.stop();
    const errors = log.answers.filter((a) => a.status !== 200);
    const lastErrorAt = Math.max(...errors.map((a) => a.answeredAt));

    // The outage was felt, and only as errors a client retries: an outage answers like an outage —
    // 503 service_unavailable naming the database (or no answer at all), never 500 internal_error.
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((a) => a.status !== 0 && !(a.status === 503 && a.code === "service_unavailable"))).toEqual([]);
    expect(load.unexpected).toEqual([]);
    expect(roster.flatMap((p) => p.unexpected)).toEqual([]);
    // Nothing acknowledged was lost or applied twice.
    const { spends, spins, economy } = await expectAcknowledgedKept(stack.db, project.projectId, log);
    // Every win's claim is delivered: the worker recovered too.
    await pollUntil("every webhook delivered", async () => (await undelivered(stack.db, project.projectId)) === 0, { timeoutMs: 60_000, everyMs: 250 });
    const { claims, deliveries } = await claimsAndDeliveries(stack.db, project.projectId);
    expect(claims.map((c) => c.run_id).sort()).toEqual(log.wins.map((w) => w.runId).sort());
    expect(deliveries).toHaveLength(claims.length);
    // The same processes, never restarted.
    expect([...stack.webs, ...stack.workers].map((p) => (p.running() ? p.pid : null))).toEqual(pids);

    const byStatus = (xs: typeof errors) => xs.reduce<Record<string, number>>((h, a) => ((h[`${a.status}${a.code ? ` ${a.code}` : ""}`] = (h[`${a.status}${a.code ? ` ${a.code}` : ""}`] ?? 0) + 1), h), {});
    report("PostgreSQL immediate restart", {
      restart_ms: restartMs,
      errors_by_status: byStatus(errors),
      errors_from_restart_ms: [Math.min(...errors.map((a) => a.sentAt)) - restartAt, lastErrorAt - restartAt],
      first_success_after_up_ms: firstSuccess,
      commands_acknowledged: log.commands.length,
      lobbies_after_up: log.answers.filter((a) => a.route === "lobby" && a.sentAt > upAt).length,
      spends_acknowledged_keys: spends.acknowledged,
      spend_debit_rows: spends.debitRows,
      spend_applied_not_acknowledged: spends.debitKeys - spends.acknowledged,
      spins_acknowledged: spins.acknowledged,
      spin_rows: spins.rows,
      wins: log.wins.length,
      claims: claims.length,
      deliveries_delivered: deliveries.filter((d) => d.status === "delivered").length,
      negative_balances: economy.negatives,
      ledger_mismatches: economy.mismatched.length,
    });
  });
});
