import { z } from "zod";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "@/server/domain/platform";
import type { TMeta } from "@/server/trpc/init";

export const tags = ["Admin: webhooks"];
const owner = "The admin must own the project; a foreign or unknown project answers 404.";
const schedule = `One immediate attempt, then retries after ${RETRY_DELAYS_SECONDS.map((s) => (s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(", ")} on a non-2xx answer (a 3xx too: redirects are never followed) or a network failure; after attempt ${MAX_ATTEMPTS} fails the delivery is \`dead\`.`;

export const ZProjectInput = z.object({ project_id: z.string().uuid() });

const ZAttempt = z.object({
  attempt: z.number().int(),
  secret_version: z.number().int(),
  started_at: z.string(),
  duration_ms: z.number().int(),
  http_status: z.number().int().nullable(),
  error: z.string().nullable().describe("`interrupted` for an attempt cut off by a worker crash"),
  response_excerpt: z.string().nullable().describe("At most 2048 bytes of the receiver's answer"),
});
const ZDeliverySchema = z.object({
  delivery_id: z.string().uuid(),
  kind: z.string().describe("`reward.eligible`, or with lifecycle events `reward.held`, `reward.released`, `reward.rejected`"),
  claim_id: z.string().uuid().nullable(),
  target_url: z.string().nullable(),
  idempotency_key: z.string(),
  status: z.enum(["queued", "delivered", "dead"]),
  attempts: z.number().int().describe("Attempts since the delivery was created or last retried by an admin"),
  max_attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()).describe("The body sent (signed afresh at each attempt)"),
  attempt_history: z.array(ZAttempt),
});

export const ZDeliveriesRequestSchema = z.object({
  project_id: z.string().uuid(),
  status: z.enum(["queued", "delivered", "dead"]).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export const ZDeliveriesResponseSchema = z.object({ deliveries: z.array(ZDeliverySchema), next_cursor: z.string().nullable() });
export const deliveriesMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/webhooks/deliveries",
    tags,
    summary: "Webhook deliveries with their attempts",
    description: `${owner} Newest first; \`status\` filters; \`limit\` 1-200 (default 50); \`cursor\` is the opaque \`next_cursor\` of the previous page. ${schedule} Every attempt's time, status, latency and a truncated response are kept.`,
  },
};

export const ZRetryRequestSchema = z.object({ project_id: z.string().uuid(), delivery_id: z.string().uuid() });
export const ZRetryResponseSchema = z.object({ queued: z.literal(true), delivery_id: z.string().uuid() });
export const retryMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "conflict", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/webhooks/deliveries/{delivery_id}/retry",
    tags,
    summary: "Retry a delivery",
    description: `${owner} A delivery of another project is 404. Queues it again with its attempt count and backoff reset, to the campaign's \`webhook_url\` (else the project's) as configured now; 409 \`conflict\` when neither is set. A delivered webhook can be sent again: receivers are idempotent on \`idempotency_key\`. A retry of a delivery whose attempt is in flight takes it over at once: that attempt's answer is kept in the history but no longer changes the delivery.`,
  },
};

export const ZSecretResponseSchema = z.object({
  secret: z.string().describe("The key of the default `X-Service-Signature` scheme: HMAC-SHA256 keyed by this string's UTF-8 bytes"),
  version: z.number().int(),
  standard_webhooks_key: z
    .string()
    .describe("The same secret as the Standard Webhooks libraries take it: `whsec_` + base64 of the secret's UTF-8 bytes. Give it to `new Webhook(key)` of the `standardwebhooks` packages when `standard_webhooks` is on."),
});
export const revealMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: { method: "POST", path: "/v1/admin/projects/{project_id}/webhook-secret/reveal", tags, summary: "Reveal the webhook secret", description: `${owner} The secret is derived per project and version from the server's key: it cannot be chosen, is never stored, and revealing it is audited.` },
};
export const rotateMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/webhook-secret/rotate",
    tags,
    summary: "Rotate the webhook secret",
    description: `${owner} Moves to version + 1 and answers the new secret. Queued deliveries are signed with it at their next attempt. For 24 hours the previous version still verifies in the test inbox, and, with \`dual_signatures\` on (webhook settings), every delivery carries a second \`v1=\` made with it after the current one.`,
  },
};

export const ZTestRequestSchema = z.object({ project_id: z.string().uuid(), webhook_url: z.string().min(1).max(2048) });
export const ZTestResponseSchema = z.object({ status: z.number().int().describe("The HTTP status the endpoint answered"), ok: z.boolean(), duration_ms: z.number().int() });
export const testMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error", "webhook_target_unreachable", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/webhooks/test",
    tags,
    summary: "Send a test webhook",
    description: `${owner} Sends one signed \`webhook.test\` event (same headers and signature as real deliveries) and answers the status the endpoint returned, never its body. The project's own test inbox URL is delivered in process (in every mode). For any other URL the host is resolved once, the address checked (loopback, private, link-local, CGNAT, unique-local, multicast and reserved ranges are refused; in local mode — the embedded default on one's own machine — 127.0.0.0/8, ::1 and localhost are allowed, except the embedded database's and the worker's ports) and pinned for the request; redirects are not followed; 10 s timeout. An unreachable or refused target is 422 \`webhook_target_unreachable\` with \`reason\`.`,
  },
};

export const ZSettingsSchema = z.object({
  webhook_url: z.string().nullable(),
  dual_signatures: z.boolean().describe("During the 24 h after a rotation, also sign with the previous version (a second `v1=`, after the current one)"),
  lifecycle_events: z.boolean().describe("Also send `reward.held`, `reward.released` and `reward.rejected` for claims"),
  standard_webhooks: z
    .boolean()
    .describe(
      "Also sign every delivery the Standard Webhooks way (standardwebhooks.com), beside `X-Service-Signature`: `webhook-id` (the delivery's id, stable across retries), `webhook-timestamp` (unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of \"<id>.<timestamp>.<body>\">`, one per secret during a rotation with `dual_signatures`, space-separated). The key is `standard_webhooks_key` of the secret's reveal. Off by default.",
    ),
  secret_version: z.number().int(),
  secret_rotated_at: z.string().nullable(),
  previous_version_valid_until: z.string().nullable(),
  delivery_targets: z
    .enum(["public", "public_and_this_machine", "any"])
    .describe("Which addresses deliveries may reach here: `public` (a deployment), `public_and_this_machine` (local mode: also 127.0.0.0/8, ::1 and localhost), `any` (tests with WEBHOOK_ALLOW_PRIVATE_TARGETS). The project's own test inbox is delivered in process in every mode."),
});
export const settingsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/webhook-settings", tags, summary: "Webhook settings", description: `${owner} Where reward webhooks go and how they are signed.` },
};
export const ZSettingsUpdateSchema = z.object({ project_id: z.string().uuid(), webhook_url: z.string().max(2048).nullable().optional(), dual_signatures: z.boolean().optional(), lifecycle_events: z.boolean().optional(), standard_webhooks: z.boolean().optional() }).strict();
export const settingsUpdateMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error", "origin_not_allowed"],
  openapi: { method: "PATCH", path: "/v1/admin/projects/{project_id}/webhook-settings", tags, summary: "Change webhook settings", description: `${owner} \`webhook_url\` is the project's target (campaigns may override it; the same value as the project's \`webhook_url\`).` },
};

const ZInboxMessage = z.object({
  message_id: z.string().uuid(),
  received_at: z.string(),
  signature_valid: z.boolean(),
  verdict: z.string().describe("`verified`, or why not: `malformed`, `stale`, `future`, `unknown_version`, `mismatch`"),
  secret_version: z.number().int().nullable(),
  idempotency_key: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  body: z.string().describe("The body as received: its text, or with `body_encoding` `base64` its bytes in base64"),
  body_encoding: z.enum(["utf8", "base64"]).describe("`base64` for a body text cannot hold exactly (U+0000, or bytes that are not UTF-8): the inbox keeps it anyway"),
});
export const ZInboxResponseSchema = z.object({ url: z.string().describe("POST signed webhooks here (set it as a webhook_url to try deliveries out)"), messages: z.array(ZInboxMessage) });
export const inboxMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/webhooks/inbox", tags, summary: "Test inbox", description: `${owner} The inbox URL and the last 50 messages it received, newest first, each with its signature verdict.` },
};
export const ZInboxClearResponseSchema = z.object({ cleared: z.number().int() });
export const inboxClearMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: { method: "DELETE", path: "/v1/admin/projects/{project_id}/webhooks/inbox", tags, summary: "Empty the test inbox", description: `${owner} Deletes the messages; the URL stays.` },
};
export const ZInboxRotateResponseSchema = z.object({ url: z.string() });
export const inboxRotateMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: { method: "POST", path: "/v1/admin/projects/{project_id}/webhooks/inbox/rotate", tags, summary: "Rotate the inbox token", description: `${owner} The old inbox URL stops working at once; answers the new one.` },
};
