import { randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now, nowSeconds } from "@/server/lib/clock";
import { OutboundError } from "@/server/lib/outbound";
import { deliveryHeaders } from "./delivery-headers";
import { testEventBody } from "./payload";
import { signingSecrets } from "./secrets";
import { normaliseWebhookUrl } from "./target-url";
import { sendWebhook } from "./transport";

/**
 * Sends one signed `webhook.test` event to a URL, the way real deliveries go (the project's own
 * test inbox in process; anything else through the SSRF-safe client: resolved once, checked,
 * pinned, no redirects, fixed timeout), and answers the status the endpoint returned — never its body.
 */
export async function sendTestWebhook(opts: { accountId: string; projectId: string; webhookUrl: string; requestId?: string }) {
  const p = await findOwnedProject(opts);
  const url = normaliseWebhookUrl(opts.webhookUrl);
  const at = now();
  const key = `test:${randomUUID()}`;
  const body = testEventBody({ projectId: p.id, idempotencyKey: key, at, note: "A test event from the Playloop console; grant nothing." });
  const headers = deliveryHeaders({
    deliveryId: randomUUID(),
    kind: "webhook.test",
    idempotencyKey: key,
    body,
    t: nowSeconds(),
    version: p.webhookSecretVersion,
    secrets: signingSecrets({ projectId: p.id, version: p.webhookSecretVersion, rotatedAt: p.webhookSecretRotatedAt, dualSignatures: p.webhookDualSignatures }, at),
    standard: p.webhookStandardHeaders,
    test: true,
  });
  await writeAudit({ accountId: opts.accountId, projectId: p.id, action: "webhook.test_sent", requestId: opts.requestId });
  try {
    const res = await sendWebhook(p.id, url, {
      headers,
      body,
      timeoutMs: config().webhookTimeoutMs,
    });
    return { status: res.status, ok: res.status >= 200 && res.status < 300, duration_ms: Math.round(res.durationMs) };
  } catch (e) {
    if (e instanceof OutboundError) {
      throw new AppError("webhook_target_unreachable", e.message, { details: { reason: e.reason } });
    }
    throw e;
  }
}
