import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { advanceClock, resetClock } from "@/server/lib/clock";
import { replaceService } from "@/server/services/container";
import { sendCommand } from "../helpers/play";
import { brinkOfWin, createCampaign, deliveriesOf, rewardsProject, startReceiver } from "../helpers/rewards";
import { serverSuite } from "../helpers/suite";

/**
 * A request's id follows it into the background: a winning move's webhook delivery carries the
 * move's request id (the `x-request-id` the service answered with, and logged in its access log)
 * to the worker, whose log line of every attempt names it — delivered, retried or dead.
 */
const s = serverSuite();

/** Log lines written while `fn` runs, as the service's logger writes them (JSON). */
async function logLines(fn: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>)), done()) });
  const restore = replaceService("logger", pino({ level: "info" }, sink));
  try {
    await fn();
  } finally {
    restore();
  }
  return lines;
}

describe("a request id in the background", () => {
  it("a winning move's request id is on its delivery and on the log line of each attempt", async () => {
    const rx = await startReceiver((n) => (n === 1 ? 503 : 200));
    try {
      const { projectId, key } = await rewardsProject(s.call, s.admin, { webhookUrl: rx.url });
      await createCampaign(s.call, s.admin, projectId);
      const { player, run, winning } = await brinkOfWin(s.call, projectId, key);
      const requestId = `req-win-${Date.now()}`;
      const won = await sendCommand(s.call, player, run.run_id, winning, { "x-request-id": requestId });
      expect(won.status).toBe(200);
      expect(won.headers.get("x-request-id")).toBe(requestId);
      const [delivery] = await deliveriesOf(projectId);
      expect(delivery.request_id).toBe(requestId);

      const first = await logLines(() => attemptDelivery(delivery.id));
      expect(first).toEqual([expect.objectContaining({ level: 40, msg: "webhook attempt failed", request_id: requestId, delivery_id: delivery.id, outcome: "retry", status: 503, attempt: 1 })]);
      advanceClock(61_000); // the first retry is due a minute later
      const second = await logLines(() => attemptDelivery(delivery.id));
      expect(second).toEqual([expect.objectContaining({ level: 30, msg: "webhook attempt", request_id: requestId, outcome: "delivered", status: 200 })]);
      // Nothing of the target or the body: they may hold the integrator's secrets or the player's data.
      expect(JSON.stringify([...first, ...second])).not.toContain(rx.url);
      expect(JSON.stringify([...first, ...second])).not.toContain(player.externalUserId);
    } finally {
      resetClock();
      await rx.close();
    }
  });
});
