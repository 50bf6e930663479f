import { z } from "zod";
import { NOTIFICATION_KINDS } from "@/server/domain/platform";
import type { TMeta } from "@/server/trpc/init";

const ZNotificationSchema = z.object({
  id: z.string().describe("Stable per kind and project (`<kind>:<project_id>`), so a client can remember what it has shown"),
  kind: z.enum(NOTIFICATION_KINDS),
  severity: z.enum(["critical", "warning", "info"]),
  project_id: z.string().uuid().nullable().describe("Null for service-wide conditions (`jobs_unhealthy`)"),
  title: z.string(),
  body: z.string(),
  href: z.string().describe("The console page where the condition is dealt with"),
  count: z.number().int().describe("How many objects are in this condition"),
  created_at: z.string().describe("When the latest of them happened"),
});
export const ZNotificationsRequestSchema = z.object({ project_id: z.string().uuid().optional() });
export const ZNotificationsResponseSchema = z.object({ notifications: z.array(ZNotificationSchema) });

export const notificationsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/notifications",
    tags: ["Admin: console"],
    summary: "Notifications",
    description:
      "What needs the owner's attention now, across the admin's own projects or, with `project_id`, one of them (a foreign or unknown `project_id` is 404). Computed from the live data on every call, one entry per condition and project, so an entry disappears once its cause is dealt with. Kinds: `webhooks_dead` (critical: reward webhooks that exhausted their retries in the last 7 days), `webhooks_retrying` (warning: deliveries that failed at least once and are queued again), `claims_review` (warning: claims waiting for an admin's release or reject), `claims_held` (info: claims held by the fraud gate until `hold_until`), `fraud_flags_open` (warning: unresolved fraud flags), `wheel_budget_exhausted` (critical: a published wheel's total prize budget is spent, every spin lands on a no-prize segment), `wheel_daily_budget_exhausted` (info: today's prize budget is spent, in the wheel's time zone), `jobs_unhealthy` (warning, service-wide, `project_id` null: a background job failing or missing two of its intervals). Ordered by severity, then newest first.",
  },
};
