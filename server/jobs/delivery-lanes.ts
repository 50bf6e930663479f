import { databaseUrl } from "@/server/db/url";
import { deliverDue, DUE_BATCH } from "@/server/domain/platform";
import { webhookDeliveryLane } from "./definitions";
import { logger } from "@/server/logging/logger";
import { drainLanes } from "./drain-lanes";
import { gatheredWakes, listenForWakes } from "./wake";

/**
 * Webhook deliveries, the worker's second kind of work beside pg-boss jobs: their outbox rows are
 * the work (deliver.ts). Two lanes lease due rows in batches; a transaction that wrote a due
 * delivery wakes them once it has committed, gathered for `gatherMs` (one lease for what a few
 * claims wrote, not one per claim); a poll every `pollMs` finds retries as they come due, leases a
 * crashed worker left, and anything a lost wake-up missed; a listener back after a drop drains at
 * once, as does a worker that just started. Answers how to stop them.
 */
export function startDeliveryLanes(o: { gatherMs: number; pollMs: number; quiet: () => boolean }): () => Promise<void> {
  const deliveries = drainLanes({
    lanes: 2,
    batch: DUE_BATCH,
    drain: () => deliverDue(DUE_BATCH),
    onError: (e) => {
      if (!o.quiet()) logger().warn({ err: { message: (e as Error)?.message, code: (e as { code?: string })?.code } }, "webhook delivery batch failed");
    },
  });
  const wakes = gatheredWakes(o.gatherMs, (name) => {
    if (name === webhookDeliveryLane.name) deliveries.kick();
  });
  const stopListening = listenForWakes(databaseUrl(), { onWake: wakes.wake, onListening: deliveries.kick });
  const poll = setInterval(deliveries.kick, o.pollMs);
  deliveries.kick();
  return async () => {
    clearInterval(poll);
    await stopListening();
    wakes.stop();
    await deliveries.stop();
  };
}
