import { takeBackUnpaidPlans } from "@/server/domain/money";
import { billingDunningJob } from "@/server/jobs/definitions";
import { now } from "@/server/lib/clock";
import { logger } from "@/server/logging/logger";
import { handleJob } from "../handler";

export const billingDunningHandler = handleJob(billingDunningJob, async () => {
  const done = await takeBackUnpaidPlans(now());
  if (done.invoices > 0) logger().info({ job: billingDunningJob.name, ...done }, "plans of invoices unpaid past their grace taken back");
});
