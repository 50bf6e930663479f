import { config } from "@/server/config/env";
import { db } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";
import { ROTATION_GRACE_MS } from "./secrets";
import { webhookSecret } from "./signature";
import { standardWebhooksKey } from "./standard-webhooks";
import { normaliseWebhookUrl } from "./target-url";

function secretAnswer(projectId: string, version: number) {
  const secret = webhookSecret(projectId, version);
  return { secret, version, standard_webhooks_key: standardWebhooksKey(secret) };
}

/** Reveal is the only way to learn the secret; it is derived, never stored, and cannot be chosen. */
export async function revealWebhookSecret(opts: { accountId: string; projectId: string; requestId?: string }) {
  const p = await findOwnedProject(opts);
  await writeAudit({ accountId: opts.accountId, projectId: p.id, action: "webhook.secret_revealed", metadata: { version: p.webhookSecretVersion }, requestId: opts.requestId });
  return secretAnswer(p.id, p.webhookSecretVersion);
}

/**
 * Rotation moves to the next version (one atomic increment, so concurrent rotations each get their
 * own). Queued deliveries re-sign with it at their next attempt; the previous version keeps
 * working for 24 hours in the test inbox and, with dual signatures on, in every delivery.
 */
export async function rotateWebhookSecret(opts: { accountId: string; projectId: string; requestId?: string }) {
  await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query<{ version: number }>(
      "UPDATE project SET webhook_secret_version = webhook_secret_version + 1, webhook_secret_rotated_at = $2, updated_at = $2 WHERE id = $1 RETURNING webhook_secret_version AS version",
      [opts.projectId, at],
    );
    const version = rows[0]!.version;
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "webhook.secret_rotated", metadata: { version }, requestId: opts.requestId });
    return secretAnswer(opts.projectId, version);
  });
}

export type TWebhookSettingsPatch = { webhook_url?: string | null; dual_signatures?: boolean; lifecycle_events?: boolean; standard_webhooks?: boolean };

function serializeSettings(p: { webhookUrl: string | null; webhookDualSignatures: boolean; webhookLifecycleEvents: boolean; webhookStandardHeaders: boolean; webhookSecretVersion: number; webhookSecretRotatedAt: Date | null }) {
  const at = now().getTime();
  return {
    webhook_url: p.webhookUrl,
    dual_signatures: p.webhookDualSignatures,
    lifecycle_events: p.webhookLifecycleEvents,
    standard_webhooks: p.webhookStandardHeaders,
    secret_version: p.webhookSecretVersion,
    secret_rotated_at: p.webhookSecretRotatedAt?.toISOString() ?? null,
    /** Where deliveries may go on this deployment (the project's own test inbox works in every mode). */
    delivery_targets: config().localMode ? ("public_and_this_machine" as const) : config().webhookAllowPrivateTargets ? ("any" as const) : ("public" as const),
    previous_version_valid_until:
      p.webhookSecretVersion > 1 && p.webhookSecretRotatedAt && at - p.webhookSecretRotatedAt.getTime() < ROTATION_GRACE_MS
        ? new Date(p.webhookSecretRotatedAt.getTime() + ROTATION_GRACE_MS).toISOString()
        : null,
  };
}

export async function getWebhookSettings(opts: { accountId: string; projectId: string }) {
  return serializeSettings(await findOwnedProject(opts));
}

export async function updateWebhookSettings(opts: { accountId: string; projectId: string; patch: TWebhookSettingsPatch; requestId?: string }) {
  await findOwnedProject(opts);
  const url = opts.patch.webhook_url === undefined ? undefined : opts.patch.webhook_url === null ? null : normaliseWebhookUrl(opts.patch.webhook_url);
  await withTransaction(async (tx) => {
    const at = now();
    await tx.query(
      `UPDATE project SET webhook_url = CASE WHEN $2 THEN $3 ELSE webhook_url END,
              webhook_dual_signatures = COALESCE($4, webhook_dual_signatures), webhook_lifecycle_events = COALESCE($5, webhook_lifecycle_events),
              webhook_standard_headers = COALESCE($7, webhook_standard_headers), updated_at = $6
        WHERE id = $1`,
      [opts.projectId, url !== undefined, url ?? null, opts.patch.dual_signatures ?? null, opts.patch.lifecycle_events ?? null, at, opts.patch.standard_webhooks ?? null],
    );
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "webhook.settings_updated", metadata: { changed: Object.keys(opts.patch) }, requestId: opts.requestId });
  });
  return serializeSettings((await db().project.findUniqueOrThrow({ where: { id: opts.projectId } })));
}
