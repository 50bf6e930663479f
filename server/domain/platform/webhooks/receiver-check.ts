import { randomBytes, randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { db, pool } from "@/server/db/client";
import { authorizeKey, findOwnedProject, type TApiKeyPrincipal, writeAudit } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now, nowSeconds } from "@/server/lib/clock";
import { OutboundError } from "@/server/lib/outbound";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { deliveryHeaders } from "./delivery-headers";
import { testEventBody } from "./payload";
import { judgeReceiver, verdictOf, type TCheck, type TProbeAnswer, type TVerdict } from "./receiver-check-model";
import { previousVersionUsable, signingSecrets } from "./secrets";
import { webhookSecret } from "./signature";
import { normaliseWebhookUrl } from "./target-url";
import { sendWebhook } from "./transport";

/** Reports kept per project (the newest); older ones go as new ones are written. */
export const REPORTS_KEPT = 20;
const NOTE = "A receiver check from Playloop: a test delivery; grant nothing.";
/** How old the stale probe's signature is: twice the 300 s window receivers must enforce. */
const STALE_SECONDS = 600;

export type TReceiverReport = {
  check_id: string;
  url: string;
  started_at: string;
  finished_at: string;
  verdict: TVerdict;
  checks: TCheck[];
  latency_ms: number | null;
};

type TProject = { id: string; webhookUrl: string | null; webhookSecretVersion: number; webhookSecretRotatedAt: Date | null; webhookStandardHeaders: boolean };

/**
 * Sends the receiver check's test deliveries to an endpoint, one after the other, through the same
 * outbound rules and transport as real deliveries, judges the answers (receiver-check-model.ts),
 * keeps the report and answers it. The caller has authorised `project` (its owner, or an API key
 * of it with scope webhooks:check). A target the outbound rules refuse (a blocked address, not an
 * http(s) URL) is 422 webhook_target_unreachable like the console's test; a receiver that is down
 * or slow is a report that fails, which is what the check is for.
 */
async function runReceiverCheck(opts: { project: TProject; url?: string | null; startedBy: string; accountId?: string; requestId?: string; limits: TLimitGate }): Promise<TReceiverReport> {
  const p = opts.project;
  const raw = opts.url ?? p.webhookUrl;
  if (!raw) throw new AppError("conflict", "The project has no webhook URL: set one, or pass url");
  const url = normaliseWebhookUrl(raw, "url");
  await opts.limits.enforce({ projectId: p.id });

  const started = now();
  const secrets = signingSecrets({ projectId: p.id, version: p.webhookSecretVersion, rotatedAt: p.webhookSecretRotatedAt, dualSignatures: false }, started);
  const probe = async (o: { id?: string; key?: string; secrets?: string[]; version?: number; ageSeconds?: number; tamper?: boolean }): Promise<TProbeAnswer> => {
    const id = o.id ?? randomUUID();
    const key = o.key ?? `check:${id}`;
    const body = testEventBody({ projectId: p.id, idempotencyKey: key, at: started, note: NOTE });
    const headers = deliveryHeaders({
      deliveryId: id,
      kind: "webhook.test",
      idempotencyKey: key,
      body,
      t: nowSeconds() - (o.ageSeconds ?? 0),
      version: o.version ?? p.webhookSecretVersion,
      secrets: o.secrets ?? secrets,
      standard: p.webhookStandardHeaders,
      test: true,
    });
    // Tampered: the signature is of `body`, the bytes sent are not (same length, one field changed).
    const sent = o.tamper ? body.replace('"promo_code"', '"promo_cod3"') : body;
    const t0 = performance.now();
    try {
      const res = await sendWebhook(p.id, url, { headers, body: sent, timeoutMs: config().webhookTimeoutMs });
      return { status: res.status, durationMs: res.durationMs, body: res.bodyExcerpt };
    } catch (e) {
      if (!(e instanceof OutboundError)) throw e;
      if (e.reason === "blocked_address" || e.reason === "invalid_url") throw new AppError("webhook_target_unreachable", e.message, { details: { reason: e.reason } });
      return { error: e.message, durationMs: performance.now() - t0 };
    }
  };

  const validId = randomUUID();
  const valid = await probe({ id: validId });
  const accepted = "status" in valid && valid.status >= 200 && valid.status < 300;
  const rest = accepted
    ? {
        redelivery: await probe({ id: validId }),
        tampered: await probe({ tamper: true }),
        stale: await probe({ ageSeconds: STALE_SECONDS }),
        unknown: await probe({ secrets: [`whsec_${randomBytes(32).toString("hex")}`] }),
        previous: previousVersionUsable({ version: p.webhookSecretVersion, rotatedAt: p.webhookSecretRotatedAt }, started)
          ? await probe({ secrets: [webhookSecret(p.id, p.webhookSecretVersion - 1)], version: p.webhookSecretVersion - 1 })
          : null,
      }
    : { redelivery: null, tampered: null, stale: null, unknown: null, previous: null };
  const checks = judgeReceiver({ valid, ...rest });
  const report: TReceiverReport = {
    check_id: randomUUID(),
    url,
    started_at: started.toISOString(),
    finished_at: now().toISOString(),
    verdict: verdictOf(checks),
    checks,
    latency_ms: "status" in valid ? Math.round(valid.durationMs) : null,
  };
  await keepReport(p.id, report, opts.startedBy);
  await writeAudit({ accountId: opts.accountId ?? null, projectId: p.id, action: "webhook.receiver_checked", metadata: { verdict: report.verdict, by: opts.startedBy }, requestId: opts.requestId });
  return report;
}

/** Writes the report and drops the project's reports beyond the newest REPORTS_KEPT, in one statement. */
async function keepReport(projectId: string, r: TReceiverReport, startedBy: string): Promise<void> {
  await pool().query(
    `WITH ins AS (
       INSERT INTO webhook_receiver_check (id, project_id, url, verdict, checks, latency_ms, started_at, finished_at, started_by)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9))
     DELETE FROM webhook_receiver_check WHERE project_id = $2 AND id IN (
       SELECT id FROM webhook_receiver_check WHERE project_id = $2 ORDER BY started_at DESC OFFSET $10)`,
    [r.check_id, projectId, r.url, r.verdict, JSON.stringify(r.checks), r.latency_ms, r.started_at, r.finished_at, startedBy, REPORTS_KEPT - 1],
  );
}

/** The project's newest report, or null when it has none. */
async function latestReceiverCheck(projectId: string): Promise<TReceiverReport | null> {
  const row = await db().webhookReceiverCheck.findFirst({ where: { projectId }, orderBy: { startedAt: "desc" } });
  if (!row) return null;
  return {
    check_id: row.id,
    url: row.url,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt.toISOString(),
    verdict: row.verdict as TVerdict,
    checks: row.checks as TCheck[],
    latency_ms: row.latencyMs,
  };
}

/** The owner's check from the console or the admin API. */
export async function checkReceiverAsAdmin(opts: { accountId: string; projectId: string; url?: string | null; requestId?: string; limits: TLimitGate }) {
  const project = await findOwnedProject(opts);
  return runReceiverCheck({ project, url: opts.url, startedBy: `admin:${opts.accountId}`, accountId: opts.accountId, requestId: opts.requestId, limits: opts.limits });
}

/** The integrator's CI or CLI (`npx playloop check-receiver`): an API key of the project with scope webhooks:check. */
export async function checkReceiverWithKey(opts: { key: TApiKeyPrincipal; projectId: string; url?: string | null; requestId?: string; limits: TLimitGate }) {
  authorizeKey(opts.key, opts.projectId, "webhooks:check");
  const project = await db().project.findUniqueOrThrow({ where: { id: opts.projectId } });
  return runReceiverCheck({ project, url: opts.url, startedBy: `api_key:${opts.key.keyId}`, requestId: opts.requestId, limits: opts.limits });
}

export async function latestReceiverCheckAsAdmin(opts: { accountId: string; projectId: string }) {
  await findOwnedProject(opts);
  return { report: await latestReceiverCheck(opts.projectId) };
}
