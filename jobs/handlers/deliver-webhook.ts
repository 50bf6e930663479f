import { attemptDeliveries, attemptDelivery } from "@/server/domain/webhooks/deliver";
import { deliverWebhookJob } from "@/server/jobs/definitions";
import { handleJob } from "../types";

/** Attempts of outbox rows; the domain leases each, so duplicate jobs are harmless no-ops. */
export const deliverWebhookHandler = handleJob(
  deliverWebhookJob,
  async (payload) => {
    await attemptDelivery(payload.delivery_id);
  },
  async (payloads) => {
    await attemptDeliveries(payloads.map((p) => p.delivery_id));
  },
);
