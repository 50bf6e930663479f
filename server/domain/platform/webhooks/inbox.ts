import { randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { db, pool } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now, nowSeconds } from "@/server/lib/clock";
import { hmacHex, safeEqual } from "@/server/lib/crypto";
import { previousVersionUsable } from "./secrets";
import { verifySignatureHeader, webhookSecret } from "./signature";

/** The inbox keeps the last messages of each project. */
const INBOX_KEEP = 50;
export const INBOX_MAX_BODY_BYTES = 262_144;

/**
 * A project's test-inbox token: the project id (hex, without dashes) and a keyed hash of it and
 * the inbox version. Derived, so nothing is stored; rotating bumps the version and the old URL
 * stops working.
 */
function inboxToken(projectId: string, version: number): string {
  return projectId.replace(/-/g, "") + hmacHex("inbox-token", `${projectId}:${version}`).slice(0, 32);
}

function projectIdOf(token: string): string | null {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const h = token.slice(0, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * `POST /v1/webhooks/inbox/{token}`: the platform's own receiver for trying webhooks out. It
 * verifies `X-Service-Signature` (or the legacy header) over the raw bytes before anything parses
 * them — constant-time, |now − t| ≤ 300 s, the current secret version or, for 24 hours after a
 * rotation, the previous one — and keeps what it received (verified or not, with the verdict) so
 * an integrator can see why a signature failed. An unknown token is 404; a bad signature is 401.
 */
export async function receiveInboxMessage(opts: { token: string; rawBody: Buffer; header: (name: string) => string | undefined }) {
  const projectId = projectIdOf(opts.token);
  const p = projectId ? await db().project.findUnique({ where: { id: projectId } }) : null;
  if (!p || !safeEqual(opts.token, inboxToken(p.id, p.webhookInboxVersion))) throw new AppError("not_found", "Unknown inbox");
  const at = now();
  const header = opts.header("x-service-signature") ?? opts.header("x-legacy-signature") ?? "";
  const verdict = verifySignatureHeader({
    header,
    rawBody: opts.rawBody,
    nowSeconds: nowSeconds(),
    secretFor: (v) =>
      v === p.webhookSecretVersion ? webhookSecret(p.id, v) : v === p.webhookSecretVersion - 1 && previousVersionUsable({ version: p.webhookSecretVersion, rotatedAt: p.webhookSecretRotatedAt }, at) ? webhookSecret(p.id, v) : null,
  });
  const body = storableBody(opts.rawBody);
  // A verified message's key is the signed body's (the header repeats it unsigned: a replay with
  // another header value must still meet its first grant); an unverified one's is the header's, shown only.
  const idempotencyKey = storableText((verdict.ok ? signedKey(opts.rawBody) : opts.header("x-legacy-idempotency-key"))?.slice(0, 255) ?? null);
  const headers: Record<string, string> = {};
  for (const h of ["content-type", "x-service-signature", "x-legacy-signature", "x-legacy-idempotency-key", "x-service-event", "x-service-delivery-id", "user-agent"]) {
    const v = opts.header(h);
    if (v) headers[h] = storableText(v.slice(0, 512))!;
  }
  const id = randomUUID();
  const grantId = await withTransaction(async (tx) => {
    // Like a careful receiver: one grant per idempotency key. The first verified message with the
    // key (among those kept) is the grant; a repeat answers its id. Same-key arrivals are serialised.
    let first: string | null = null;
    if (verdict.ok && idempotencyKey) {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`inbox:${p.id}:${idempotencyKey}`]);
      const { rows } = await tx.query<{ id: string }>(
        "SELECT id FROM webhook_inbox_message WHERE project_id = $1 AND idempotency_key = $2 AND signature_valid ORDER BY received_at, id LIMIT 1",
        [p.id, idempotencyKey],
      );
      first = rows[0]?.id ?? null;
    }
    await tx.query(
      // A verified message with a key sorts after every earlier one with that key (a millisecond
      // later — the column keeps milliseconds — when the clocks tie or say otherwise): `at` was
      // read before the lock, and the first in the lock's order, the grant, must stay first.
      `INSERT INTO webhook_inbox_message (id, project_id, received_at, signature_valid, verdict, secret_version, idempotency_key, headers, body, body_encoding)
       VALUES ($1, $2, CASE WHEN $4 AND $7::text IS NOT NULL THEN GREATEST($3::timestamptz, (SELECT max(received_at) + interval '1 millisecond' FROM webhook_inbox_message
                                                                                    WHERE project_id = $2 AND idempotency_key = $7 AND signature_valid)) ELSE $3::timestamptz END,
               $4, $5, $6, $7, $8::jsonb, $9, $10)`,
      [id, p.id, at, verdict.ok, verdict.ok ? "verified" : verdict.reason, verdict.ok ? verdict.version : null, idempotencyKey, JSON.stringify(headers), body.text, body.encoding],
    );
    await tx.query(
      "DELETE FROM webhook_inbox_message WHERE project_id = $1 AND id NOT IN (SELECT id FROM webhook_inbox_message WHERE project_id = $1 ORDER BY received_at DESC, id DESC LIMIT $2)",
      [p.id, INBOX_KEEP],
    );
    return first ?? id;
  });
  if (!verdict.ok) throw new AppError("invalid_signature", "The signature does not verify", { details: { reason: verdict.reason } });
  // grant_id follows the receiver check's convention (docs/integrate/webhooks.md): the same id for a repeat.
  return { received: true as const, secret_version: verdict.version, grant_id: grantId, duplicate: grantId !== id };
}

/** The `idempotency_key` of a JSON body, or null. */
function signedKey(raw: Buffer): string | null {
  try {
    const body = JSON.parse(raw.toString("utf8")) as { idempotency_key?: unknown } | null;
    return typeof body?.idempotency_key === "string" && body.idempotency_key !== "" ? body.idempotency_key : null;
  } catch {
    return null;
  }
}

/**
 * A received body as the inbox keeps it: its text when text can hold it exactly, else (U+0000, or
 * bytes that are not UTF-8) base64 of the bytes — kept either way, never a 500.
 */
function storableBody(raw: Buffer): { text: string; encoding: "utf8" | "base64" } {
  const text = raw.toString("utf8");
  if (!text.includes("\u0000") && Buffer.from(text, "utf8").equals(raw)) return { text, encoding: "utf8" };
  return { text: raw.toString("base64"), encoding: "base64" };
}

/** A header value text can hold: U+0000 (which HTTP parsers let through in some places) as U+FFFD. */
function storableText(v: string | null): string | null {
  return v === null ? null : v.replaceAll("\u0000", "\uFFFD");
}

export async function getInbox(opts: { accountId: string; projectId: string }) {
  const p = await findOwnedProject(opts);
  const rows = await db().webhookInboxMessage.findMany({ where: { projectId: p.id }, orderBy: [{ receivedAt: "desc" }, { id: "desc" }], take: INBOX_KEEP });
  return {
    url: `${config().publicBaseUrl}/v1/webhooks/inbox/${inboxToken(p.id, p.webhookInboxVersion)}`,
    messages: rows.map((m) => ({
      message_id: m.id,
      received_at: m.receivedAt.toISOString(),
      signature_valid: m.signatureValid,
      verdict: m.verdict,
      secret_version: m.secretVersion,
      idempotency_key: m.idempotencyKey,
      headers: m.headers as Record<string, string>,
      body: m.body,
      body_encoding: m.bodyEncoding as "utf8" | "base64",
    })),
  };
}

export async function clearInbox(opts: { accountId: string; projectId: string; requestId?: string }) {
  await findOwnedProject(opts);
  const res = await pool().query("DELETE FROM webhook_inbox_message WHERE project_id = $1", [opts.projectId]);
  return { cleared: res.rowCount ?? 0 };
}

export async function rotateInboxToken(opts: { accountId: string; projectId: string; requestId?: string }) {
  await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query<{ v: number }>("UPDATE project SET webhook_inbox_version = webhook_inbox_version + 1, updated_at = $2 WHERE id = $1 RETURNING webhook_inbox_version AS v", [opts.projectId, at]);
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "webhook.inbox_rotated", requestId: opts.requestId });
    return { url: `${config().publicBaseUrl}/v1/webhooks/inbox/${inboxToken(opts.projectId, rows[0]!.v)}` };
  });
}
