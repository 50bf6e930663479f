import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players, rewardsProject, verifiedAdmin, type TProject } from "./harness/api";
import { claimsAndDeliveries, undelivered } from "./harness/checks";
import { AckLog, Match3Player } from "./harness/players";
import { startReceiver, type TReceiver } from "./harness/receiver";
import { report } from "./harness/report";
import { startStack, type TStack } from "./harness/stack";
import { pollUntil } from "./harness/wait";

/**
 * Scenario 2: the worker is killed (SIGKILL) while webhook attempts are in flight to a slow
 * receiver (it answers after 300-500 ms), and a new worker is started. Every delivery must end
 * delivered, every request the receiver got must carry a key of one of them, a key may arrive
 * twice only because an attempt was cut off (those are counted), and nothing stays leased.
 */
const PLAYERS = 80;
let stack: TStack;
let receiver: TReceiver;
let project: TProject;

beforeAll(async () => {
  receiver = await startReceiver({ delayMs: () => 300 + Math.floor(Math.random() * 200) });
  stack = await startStack({ name: "workerkill", webs: 2, workers: 1 });
  const admin = await verifiedAdmin(stack.call);
  project = await rewardsProject(stack.call, admin, { webhookUrl: receiver.url });
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

describe("SIGKILL of the worker during webhook attempts", () => {
  it("every delivery completes after a new worker starts; duplicates only of cut-off attempts", async () => {
    const log = new AckLog();
    const roster = (await players(stack.call, project, PLAYERS)).map((p) => new Match3Player(stack.call, p, log));
    // Wins stream in while the worker delivers them; once several attempts are open at the
    // receiver, the worker is killed and a new one started, while players keep winning.
    const playing = Promise.all(roster.map((p) => p.playToWin()));
    const victim = stack.workers[0]!;
    await pollUntil("several webhook attempts in flight", () => receiver.inFlight() >= 3, { timeoutMs: 60_000, everyMs: 5 });
    const inFlightAtKill = receiver.received.slice(-receiver.inFlight()).map((r) => r.key);
    const killedAt = Date.now();
    await victim.kill();
    const replacement = await stack.addWorker();
    const replacementReadyMs = Date.now() - killedAt;
    await playing;
    const winsDoneAt = Date.now();

    await pollUntil("every delivery delivered", async () => (await undelivered(stack.db, project.projectId)) === 0, { timeoutMs: 90_000, everyMs: 200 });
    const drainedAt = Date.now();
    const { claims, deliveries } = await claimsAndDeliveries(stack.db, project.projectId);
    // Attempts cut off by the kill stay in the history without a result (shown as "interrupted").
    const interrupted = (
      await stack.db.query<{ key: string; n: number }>(
        `SELECT d.idempotency_key AS key, count(*)::int AS n FROM webhook_attempt a JOIN webhook_delivery d ON d.id = a.delivery_id
          WHERE d.project_id = $1 AND a.http_status IS NULL AND a.error IS NULL GROUP BY 1`,
        [project.projectId],
      )
    ).rows;
    const attemptRows = (await stack.db.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_attempt a JOIN webhook_delivery d ON d.id = a.delivery_id WHERE d.project_id = $1", [project.projectId])).rows[0]!.n;

    expect(log.wins).toHaveLength(PLAYERS);
    expect(claims).toHaveLength(PLAYERS);
    expect(deliveries.map((d) => d.claim_id).sort()).toEqual(claims.map((c) => c.id).sort());
    // Nothing lost or stuck: all delivered, no lease left behind.
    expect(deliveries.filter((d) => d.status !== "delivered" || d.lease_until !== null)).toEqual([]);
    const keys = new Set(deliveries.map((d) => d.idempotency_key));
    expect([...receiver.byKey.keys()].filter((k) => !keys.has(k))).toEqual([]);
    expect([...keys].filter((k) => !receiver.byKey.has(k))).toEqual([]);
    // The attempts the kill cut off were made again: their keys arrived twice (the same key, so a
    // receiver that grants once per key grants once). A key may arrive more than once only as
    // often as its attempts were cut off; any other duplicate is a bug.
    expect(inFlightAtKill.length).toBeGreaterThanOrEqual(3);
    for (const k of inFlightAtKill) expect(receiver.byKey.get(k)).toBeGreaterThanOrEqual(2);
    const cutOff = new Map(interrupted.map((r) => [r.key, r.n]));
    const duplicates = receiver.duplicates();
    expect(duplicates.filter(([k, n]) => n > 1 + (cutOff.get(k) ?? 0))).toEqual([]);
    expect(replacement.running()).toBe(true);

    report("worker SIGKILL", {
      wins: log.wins.length,
      claims: claims.length,
      deliveries_delivered: deliveries.filter((d) => d.status === "delivered").length,
      attempts_in_flight_at_kill: inFlightAtKill.length,
      webhooks_received: receiver.received.length,
      duplicate_keys_at_receiver: duplicates.length,
      extra_requests: receiver.received.length - keys.size,
      interrupted_attempt_rows: interrupted.reduce((n, r) => n + r.n, 0),
      attempt_rows: attemptRows,
      replacement_worker_ready_ms: replacementReadyMs,
      last_delivery_after_kill_ms: drainedAt - killedAt,
      last_delivery_after_wins_done_ms: drainedAt - winsDoneAt,
    });
  });
});
