import { issuePeriodInvoices } from "@/server/domain/money";
import { issueInvoicesJob } from "@/server/jobs/definitions";
import { now } from "@/server/lib/clock";
import { handleJob } from "../handler";

export const issueInvoicesHandler = handleJob(issueInvoicesJob, async (payload, { log }) => {
  const at = now();
  // The month just ended: an instant one day before the 1st of this month.
  const periodOf = payload.period_of ? new Date(payload.period_of) : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) - 86_400_000);
  const r = await issuePeriodInvoices({ periodOf, at });
  log.info({ period_of: periodOf.toISOString(), ...r }, "period invoices issued");
});
