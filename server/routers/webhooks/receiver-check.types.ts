import { z } from "zod";
import { CHECK_NAMES, QUICK_MS, REPORTS_KEPT } from "@/server/domain/platform";
import type { TMeta } from "@/server/trpc/init";
import { tags } from "./webhooks.types";

const ZCheck = z.object({
  name: z.enum(CHECK_NAMES),
  result: z.enum(["pass", "fail", "unknown", "skipped"]),
  status: z.number().int().nullable().describe("The HTTP status the receiver answered to this check's delivery"),
  duration_ms: z.number().int().nullable(),
  detail: z.string().describe("What was sent and what the answer means, in words"),
});
export const ZReceiverReportSchema = z.object({
  check_id: z.string().uuid(),
  url: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  verdict: z.enum(["pass", "fail", "unknown"]).describe("`fail` when any check failed; else `unknown` when one could not be judged; else `pass`"),
  checks: z.array(ZCheck),
  latency_ms: z.number().int().nullable().describe("How long the receiver took to answer the valid delivery"),
});
export const ZLatestReportSchema = z.object({ report: ZReceiverReportSchema.nullable().describe("The newest report, or null before the first check") });

export const ZAdminCheckRequestSchema = z.object({ project_id: z.string().uuid(), url: z.string().min(1).max(2048).optional() }).strict();
export const ZServerCheckRequestSchema = z.object({ project_id: z.string().uuid(), url: z.string().min(1).max(2048).optional() }).strict();

const what = `Sends test deliveries to the receiver (\`url\`, else the project's \`webhook_url\`; 409 \`conflict\` when neither is set), one after the other, and reports point by point: \`accepts_valid\` (a correctly signed delivery gets a 2xx), \`idempotent_redelivery\` (the same delivery again — same \`X-Service-Delivery-Id\`, \`idempotency_key\` and body — gets a 2xx and no second grant), \`rejects_tampered_body\`, \`rejects_stale_timestamp\` (signed 10 minutes ago) and \`rejects_unknown_secret\` (each must get a 4xx), \`accepts_previous_secret\` (signed only with the previous secret during the 24 h after a rotation; \`skipped\` when no rotation is in its grace) and \`responds_quickly\` (the valid delivery answered within ${QUICK_MS / 1000} s). When the valid delivery is not accepted the other checks are \`skipped\`.

Every delivery is an event \`webhook.test\` with \`"test": true\` in the body and \`X-Service-Test: true\`, for a player \`test-player\`, each with its own \`check:<uuid>\` idempotency key: a receiver must never grant on it, and Playloop records nothing but the report. Idempotency can only be judged when the receiver says what it granted: answer a delivery with a JSON body holding \`grant_id\` (your record for its \`idempotency_key\`) — the same \`grant_id\` for the repeat passes, another one fails, none is \`unknown\` (never \`pass\`).

The requests go through the same outbound rules as deliveries (a refused address or a URL that is not http(s) is 422 \`webhook_target_unreachable\`; a receiver that is down or times out is a failing report), are signed with the project's current secret (and Standard Webhooks headers when that is on), and take at most the delivery timeout each. Limited to 10 checks an hour per project (429 \`rate_limited\`). The newest ${REPORTS_KEPT} reports are kept; the latest is on the Webhooks page.`;

export const adminCheckMeta: TMeta = {
  limits: [{ policies: ["webhookReceiverCheck"], when: "handler" }],
  auth: "admin",
  errors: ["not_found", "validation_error", "conflict", "webhook_target_unreachable", "rate_limited", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/webhooks/receiver-check",
    tags,
    summary: "Check the webhook receiver",
    description: `The admin must own the project; a foreign or unknown project answers 404. ${what}`,
  },
};
export const latestCheckMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/webhooks/receiver-check",
    tags,
    summary: "The latest receiver check",
    description: "The admin must own the project; a foreign or unknown project answers 404. The newest receiver-check report, `null` before the first.",
  },
};
export const serverCheckMeta: TMeta = {
  limits: [{ policies: ["webhookReceiverCheck"], when: "handler" }],
  auth: "server_key",
  errors: ["insufficient_scope", "forbidden", "validation_error", "conflict", "webhook_target_unreachable", "rate_limited"],
  openapi: {
    method: "POST",
    path: "/v1/server/webhooks/receiver-check",
    tags: ["Webhooks"],
    summary: "Check the webhook receiver (API key)",
    description: `For the integrator's CI and \`npx playloop check-receiver\`: an API key with scope \`webhooks:check\` of \`project_id\` (another project's key is 403 \`forbidden\`). ${what}`,
  },
};
