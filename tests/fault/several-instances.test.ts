import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players, rewardsProject, verifiedAdmin, type TProject } from "./harness/api";
import { claimsAndDeliveries, expectAcknowledgedKept, undelivered } from "./harness/checks";
import { AckLog, Match3Player } from "./harness/players";
import { startReceiver, type TReceiver } from "./harness/receiver";
import { report } from "./harness/report";
import { startStack, type TStack } from "./harness/stack";
import { pollUntil } from "./harness/wait";

/**
 * Scenario 1: two web instances and two workers on one PostgreSQL and one Redis, behind a
 * round-robin proxy. 100 verified players win match3 levels at once, buy boosters and spin the
 * wheel; every retry of the same command, idempotency key or spin id goes to the other instance,
 * and concurrent duplicates race across both. Every win must make exactly one claim and exactly
 * one delivered webhook, no balance may go negative, ledgers must sum to balances and nothing may
 * be applied twice.
 */
const PLAYERS = 100;
let stack: TStack;
let receiver: TReceiver;
let project: TProject;

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startStack({ name: "instances", webs: 2, workers: 2 });
  const admin = await verifiedAdmin(stack.call);
  // The default economy (Tickets 2, Coins 100; Hammer 50 coins, Shuffle 1 ticket) and the default
  // daily wheel (one free spin, then tickets, at most 3 a day): small balances make races count.
  project = await rewardsProject(stack.call, admin, { webhookUrl: receiver.url });
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

type TOutcome = {
  winReplays: number[];
  k1: [number, number, boolean];
  race: Array<{ key: string; status: number; token?: string }>;
  spins: Array<{ id: string; status: number; seed?: string }>;
  afterLimit: number;
};

/** One player's session: a win, three boosters' worth of spends, four spins; retries cross instances. */
async function session(p: Match3Player, wheelVersion: number): Promise<TOutcome> {
  const win = await p.playToWin();
  // The client never saw the answer: it sends the winning move again, to each instance.
  const winReplays = await Promise.all([0, 1].map(async (pin) => {
    const r = await p.replay(win.runId, win.winning, pin);
    return r.status === 200 && r.body.status === "won" ? 200 : r.status;
  }));
  // A purchase, retried through the other instance: the same answer, one debit.
  const k1 = randomUUID();
  const first = await p.spend("gem_hammer", k1);
  const again = await p.spend("gem_hammer", k1, first.servedBy === 0 ? 1 : 0);
  // 50 coins left, two different purchases of 50 race on the two instances, one of them also sent twice.
  const [k2, k3] = [randomUUID(), randomUUID()];
  const raced = await Promise.all([p.spend("gem_hammer", k2, 0), p.spend("gem_hammer", k2, 1), p.spend("gem_hammer", k3, 1)]);
  const race = raced.map((r, i) => ({ key: i < 2 ? k2 : k3, status: r.status, token: r.body?.effect_token }));
  await p.spend("gem_shuffle", randomUUID());
  // The free spin, retried through the other instance; then two paid spins, each sent to both instances at once.
  const s1 = randomUUID();
  const spun = await p.spin(s1, wheelVersion);
  const spunAgain = await p.spin(s1, wheelVersion, spun.servedBy === 0 ? 1 : 0);
  const [s2, s3] = [randomUUID(), randomUUID()];
  const paid = await Promise.all([p.spin(s2, wheelVersion, 0), p.spin(s2, wheelVersion, 1), p.spin(s3, wheelVersion, 0), p.spin(s3, wheelVersion, 1)]);
  const spins = [spun, spunAgain, ...paid].map((r, i) => ({ id: [s1, s1, s2, s2, s3, s3][i]!, status: r.status, seed: r.body?.fairness?.server_seed }));
  // A fourth spin is over the day's three.
  const afterLimit = (await p.spin(randomUUID(), wheelVersion)).status;
  return { winReplays, k1: [first.status, again.status, first.body.effect_token === again.body.effect_token], race, spins, afterLimit };
}

describe("two web instances and two workers behind a round-robin proxy", () => {
  it("100 players: one claim and one delivered webhook per win, no double spend or spin, ledgers balance", async () => {
    const log = new AckLog();
    const roster = (await players(stack.call, project, PLAYERS)).map((p) => new Match3Player(stack.call, p, log));
    const started = performance.now();
    const outcomes = await Promise.all(roster.map((p) => session(p, project.wheelVersion)));
    const playSeconds = (performance.now() - started) / 1000;

    // Every win: exactly one claim, exactly one outbox row, delivered exactly once.
    const deliveredIn = await pollUntil("every webhook delivered", async () => (await undelivered(stack.db, project.projectId)) === 0 && receiver.received.length >= log.wins.length, { timeoutMs: 60_000, everyMs: 250 });
    const { claims, deliveries } = await claimsAndDeliveries(stack.db, project.projectId);
    expect(log.wins).toHaveLength(PLAYERS);
    expect(claims.map((c) => c.run_id).sort()).toEqual(log.wins.map((w) => w.runId).sort());
    expect(deliveries.map((d) => d.claim_id).sort()).toEqual(claims.map((c) => c.id).sort());
    expect(deliveries.every((d) => d.status === "delivered")).toBe(true);
    expect(receiver.duplicates()).toEqual([]);
    expect([...receiver.byKey.keys()].sort()).toEqual(deliveries.map((d) => d.idempotency_key).sort());
    expect(outcomes.flatMap((o) => o.winReplays).every((s) => s === 200)).toBe(true);

    // Spends: the retry answers the first purchase; of the two racing purchases exactly one is applied.
    expect(outcomes.every((o) => o.k1[0] === 200 && o.k1[1] === 200 && o.k1[2])).toBe(true);
    for (const { race } of outcomes) {
      const [a, b, c] = race;
      expect(a!.status).toBe(b!.status);
      expect(a!.token).toBe(b!.token);
      expect([a!.status, c!.status].sort()).toEqual([200, 409]);
    }
    // Spins: a spin sent twice is one spin (the same revealed seed); never more than the day's three.
    for (const { spins, afterLimit } of outcomes) {
      for (let i = 0; i < spins.length; i += 2) {
        expect(spins[i]!.status).toBe(spins[i + 1]!.status);
        expect(spins[i]!.seed).toBe(spins[i + 1]!.seed);
      }
      expect(afterLimit).toBe(409);
    }

    const { spends, spins, economy } = await expectAcknowledgedKept(stack.db, project.projectId, log);
    // and, with no answer lost here, nothing applied that was not acknowledged
    expect(economy.negativeLedger).toBe(0);
    expect(spends.debitKeys).toBe(spends.acknowledged);
    expect(spins.rows).toBe(spins.acknowledged);
    // Both instances served, and nothing restarted.
    expect(stack.proxy.served.every((n) => n > 100)).toBe(true);
    expect([...stack.webs, ...stack.workers].every((p) => p.running())).toBe(true);

    report("several instances", {
      players: PLAYERS,
      play_seconds: Math.round(playSeconds * 10) / 10,
      requests_per_instance: stack.proxy.served,
      commands_acknowledged: log.commands.length,
      wins: log.wins.length,
      claims: claims.length,
      deliveries_delivered: deliveries.filter((d) => d.status === "delivered").length,
      webhooks_received: receiver.received.length,
      receiver_duplicates: receiver.duplicates().length,
      last_delivery_after_play_ms: deliveredIn,
      spends_acknowledged_keys: spends.acknowledged,
      spend_debit_rows: spends.debitRows,
      spins_acknowledged: spins.acknowledged,
      spin_rows: spins.rows,
      negative_balances: economy.negatives,
      ledger_mismatches: economy.mismatched.length,
      balances_checked: economy.balances,
    });
  });
});
