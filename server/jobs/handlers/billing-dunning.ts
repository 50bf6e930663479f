import { takeBackUnpaidPlans } from "@/server/domain/money";
import { billingDunningJob } from "@/server/jobs/definitions";
import { now } from "@/server/lib/clock";
import { handleJob } from "../handler";

export const billingDunningHandler = handleJob(billingDunningJob, async (_p, { log }) => {
  const done = await takeBackUnpaidPlans(now());
  if (done.invoices > 0) log.info({ ...done }, "plans of invoices unpaid past their grace taken back");
});
