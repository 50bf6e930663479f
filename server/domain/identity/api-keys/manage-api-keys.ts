import { db } from "@/server/db/client";
import type { ApiKey } from "@/server/db/generated/prisma/client";
import { modelRow } from "@/server/db/rows";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { randomToken, safeEqual, sha256Hex } from "@/server/lib/crypto";
import { writeAudit } from "@/server/domain/identity/audit/write-audit";
import { AppError } from "@/server/errors/app-error";
import { findOwnedProject, isUuid } from "@/server/domain/identity/projects/find-owned-project";

/** Scopes an API key can carry. */
export const API_KEY_SCOPES = ["session:issue", "events:write", "economy:grant", "webhooks:check"] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

const SECRET_PREFIX = "plk_";

function serialize(k: { id: string; name: string; scopes: string[]; prefix: string; createdAt: Date; revokedAt: Date | null; lastUsedAt: Date | null }) {
  return {
    key_id: k.id,
    name: k.name,
    scopes: k.scopes,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    revoked_at: k.revokedAt?.toISOString() ?? null,
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
  };
}

/** Creates a key; the secret is returned once and only its SHA-256 is stored (it is 256 random bits, so no slow hash is needed). */
export async function createApiKey(opts: { accountId: string; projectId: string; name: string; scopes: TApiKeyScope[]; requestId?: string }) {
  await findOwnedProject(opts);
  const secret = SECRET_PREFIX + randomToken(32);
  const key = await withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query(
      "INSERT INTO api_key (project_id, name, scopes, key_hash, prefix, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *",
      [opts.projectId, opts.name, [...new Set(opts.scopes)], sha256Hex(secret), secret.slice(0, 10), at],
    );
    const k = modelRow<ApiKey>(rows[0]!);
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "api_key.created", targetType: "api_key", targetId: k.id, metadata: { scopes: k.scopes }, requestId: opts.requestId });
    return k;
  });
  return { api_key: serialize(key), secret };
}

export async function listApiKeys(opts: { accountId: string; projectId: string }) {
  await findOwnedProject(opts);
  const keys = await db().apiKey.findMany({ where: { projectId: opts.projectId }, orderBy: { createdAt: "asc" } });
  return keys.map(serialize);
}

export async function revokeApiKey(opts: { accountId: string; projectId: string; keyId: string; requestId?: string }) {
  await findOwnedProject(opts);
  if (!isUuid(opts.keyId)) throw new AppError("not_found", "API key not found");
  return withTransaction(async (tx) => {
    const at = now();
    const updated = await tx.query("UPDATE api_key SET revoked_at = $3 WHERE id = $1 AND project_id = $2 AND revoked_at IS NULL", [opts.keyId, opts.projectId, at]);
    if (updated.rowCount === 0) {
      const exists = await tx.query("SELECT 1 FROM api_key WHERE id = $1 AND project_id = $2", [opts.keyId, opts.projectId]);
      if (exists.rowCount === 0) throw new AppError("not_found", "API key not found");
      return { revoked: true };
    }
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "api_key.revoked", targetType: "api_key", targetId: opts.keyId, requestId: opts.requestId });
    return { revoked: true };
  });
}

export type TApiKeyPrincipal = { keyId: string; projectId: string; scopes: string[] };

/** What every server-key route checks first: the key has `scope` (403 insufficient_scope) and is `projectId`'s (403 forbidden). */
export function authorizeKey(key: TApiKeyPrincipal, projectId: string, scope: TApiKeyScope): void {
  if (!key.scopes.includes(scope)) throw new AppError("insufficient_scope", `API key lacks scope ${scope}`);
  if (key.projectId !== projectId) throw new AppError("forbidden", "API key belongs to another project");
}

/** The active key behind a presented secret, or null. */
export async function authenticateApiKey(secret: string): Promise<TApiKeyPrincipal | null> {
  if (!secret.startsWith(SECRET_PREFIX) || secret.length > 200) return null;
  const hash = sha256Hex(secret);
  const key = await db().apiKey.findUnique({ where: { keyHash: hash } });
  if (!key || key.revokedAt || !safeEqual(key.keyHash, hash)) return null;
  // Last use is informational; refresh it at most once a minute to keep the hot path read-only.
  if (!key.lastUsedAt || now().getTime() - key.lastUsedAt.getTime() > 60_000) {
    void db().apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now() } }).catch(() => {});
  }
  return { keyId: key.id, projectId: key.projectId, scopes: key.scopes };
}
