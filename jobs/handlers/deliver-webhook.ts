import { attemptDelivery } from "@/server/domain/webhooks/deliver";
import { deliverWebhookJob } from "@/server/jobs/definitions";
import { handleJob } from "../types";

/** One attempt of one outbox row; the domain leases it, so duplicate jobs are harmless no-ops. */
export const deliverWebhookHandler = handleJob(deliverWebhookJob, async (payload) => {
  await attemptDelivery(payload.delivery_id);
});
