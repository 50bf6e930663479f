import { JOB_DEFINITIONS, webhookDeliveryLane } from "@/server/jobs/definitions";
import { startDeliveryLanes } from "./delivery-lanes";
import { billingDunningHandler } from "./handlers/billing-dunning";
import { eraseHotStorageHandler } from "./handlers/erase-hot-storage";
import { expireRunsHandler } from "./handlers/expire-runs";
import { eventPartitionsHandler } from "./handlers/event-partitions";
import { fraudRetentionHandler } from "./handlers/fraud-retention";
import { issueInvoicesHandler } from "./handlers/issue-invoices";
import { heartbeatHandler } from "./handlers/heartbeat";
import { playersRetentionHandler } from "./handlers/players-retention";
import { releaseHeldHandler } from "./handlers/release-held";
import type { TLaneDefinition } from "./define";
import type { TJobHandler } from "./handler";

/** The handler of every job definition (the worker refuses to start when one is missing). */
export const HANDLERS: TJobHandler[] = [heartbeatHandler, expireRunsHandler, releaseHeldHandler, fraudRetentionHandler, playersRetentionHandler, eventPartitionsHandler, eraseHotStorageHandler, issueInvoicesHandler, billingDunningHandler] as unknown as TJobHandler[];

export function missingHandlers(): string[] {
  const handled = new Set(HANDLERS.map((h) => h.job.name));
  return JOB_DEFINITIONS.map((d) => d.name).filter((n) => !handled.has(n));
}

/** A lane's worker half: starts leasing its due rows; answers how to stop. */
export type TLaneRunner = { lane: TLaneDefinition; start: (o: { gatherMs: number; pollMs: number; quiet: () => boolean }) => () => Promise<void> };

/** Every outbox lane the worker runs beside the pg-boss jobs. */
export const LANES: TLaneRunner[] = [{ lane: webhookDeliveryLane, start: startDeliveryLanes }];
