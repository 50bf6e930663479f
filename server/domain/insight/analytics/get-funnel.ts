import { laggedProjectReads } from "@/server/db/replica";
import { findOwnedProject } from "@/server/domain/identity";
import { dayNReturn } from "./day-n-return";
import { ANALYTICS_TIME_ZONE } from "./days";

/** Retention funnel for day N: new players of the cohort → back on day N → a won level by day N. */
export async function getFunnel(opts: { accountId: string; projectId: string; dayN: number }) {
  await findOwnedProject(opts);
  const reads = await laggedProjectReads(opts.projectId);
  const r = await dayNReturn(reads, opts.projectId, opts.dayN, { completions: true });
  return {
    timezone: ANALYTICS_TIME_ZONE,
    day_n: opts.dayN,
    cohort_from: r.cohort_from,
    cohort_to: r.cohort_to,
    started: r.started,
    returned_on_day_n: r.returned,
    completed_by_day_n: r.completed,
    return_rate: r.rate,
  };
}
