import { randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { db } from "@/server/db/client";
import { withTransaction, type TTx } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { safeEqual, sha256Hex } from "@/server/lib/crypto";
import { AppError } from "@/server/errors/app-error";
import { writeAudit } from "@/server/domain/identity/audit/write-audit";
import { describeUserAgent, networkOf, type TSessionClient } from "./session-client";
import { signAdminToken, verifyAdminToken } from "./session-token";

/** Last use is advanced at most this often, so a busy console does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;

export type TAdminSession = {
  sessionId: string;
  accountId: string;
  email: string;
  expiresAt: Date;
  twoFactorVerified: boolean;
  twoFactorEnabled: boolean;
};

/** Creates a registry row and its signed token. The lifetime applies to the JWT, the row and the cookie alike. */
export async function createAdminSession(opts: { accountId: string; tx: TTx; client?: TSessionClient; ssoHandoff?: string }): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const sessionId = randomUUID();
  const createdAt = now();
  const expiresAt = new Date(Math.floor(createdAt.getTime() / 1000) * 1000 + config().adminSessionTtlSeconds * 1000);
  const token = await signAdminToken({ accountId: opts.accountId, sessionId, expiresAt });
  await opts.tx.query(
    "INSERT INTO admin_session (id, account_id, token_hash, created_at, expires_at, user_agent, network, address_hash, last_used_at, sso_handoff) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $4, $9)",
    [sessionId, opts.accountId, sha256Hex(token), createdAt, expiresAt, opts.client?.userAgent ?? null, opts.client?.network ?? null, opts.client?.addressHash ?? null, opts.ssoHandoff ?? null],
  );
  return { token, sessionId, expiresAt };
}

/** The active session behind a token, or null: bad signature, expired, revoked, or no registry row. */
export async function resolveAdminSession(token: string): Promise<TAdminSession | null> {
  const claims = await verifyAdminToken(token);
  if (!claims) return null;
  const row = await db().adminSession.findUnique({
    where: { id: claims.sessionId },
    include: { account: { select: { email: true, twoFactor: { select: { confirmedAt: true } } } } },
  });
  const t = now();
  if (!row || row.revokedAt || row.expiresAt <= t || row.accountId !== claims.accountId) return null;
  if (!safeEqual(row.tokenHash, sha256Hex(token))) return null;
  if (!row.lastUsedAt || t.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // conditional, so parallel requests advance it once; a failure here must not refuse the request
    await db()
      .adminSession.updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(t.getTime() - LAST_USED_EVERY_MS) } }] }, data: { lastUsedAt: t } })
      .catch(() => undefined);
  }
  return {
    sessionId: row.id,
    accountId: row.accountId,
    email: row.account.email,
    expiresAt: row.expiresAt,
    twoFactorVerified: row.twoFactorVerifiedAt !== null,
    twoFactorEnabled: row.account.twoFactor?.confirmedAt != null,
  };
}

export async function markSessionTwoFactorVerified(opts: { sessionId: string; tx: TTx }): Promise<void> {
  await opts.tx.query("UPDATE admin_session SET two_factor_verified_at = $2 WHERE id = $1", [opts.sessionId, now()]);
}

export type TSessionPage = {
  sessions: Array<{ id: string; created_at: string; expires_at: string; current: boolean; device: string; same_network: boolean | null; last_used_at: string }>;
  next_cursor: string | null;
};

/**
 * The caller's own active sessions, ordered by id; cursor = id of the last row of the previous page.
 * Where a session signed in from is said only as whether it is the network `ip` (the request's)
 * comes from: the spec returns no IP address, not even a network's prefix.
 */
export async function listAdminSessions(opts: { accountId: string; currentSessionId: string; limit: number; cursor?: string; ip: string }): Promise<TSessionPage> {
  const here = networkOf(opts.ip);
  const rows = await db().adminSession.findMany({
    where: {
      accountId: opts.accountId,
      revokedAt: null,
      expiresAt: { gt: now() },
      ...(opts.cursor ? { id: { gt: opts.cursor } } : {}),
    },
    orderBy: { id: "asc" },
    take: opts.limit + 1,
    select: { id: true, createdAt: true, expiresAt: true, userAgent: true, network: true, lastUsedAt: true },
  });
  const page = rows.slice(0, opts.limit);
  return {
    sessions: page.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      current: r.id === opts.currentSessionId,
      device: describeUserAgent(r.userAgent),
      same_network: r.network === null || here === null ? null : r.network === here,
      last_used_at: (r.lastUsedAt ?? r.createdAt).toISOString(),
    })),
    next_cursor: rows.length > opts.limit ? page[page.length - 1]!.id : null,
  };
}

/** Revokes one of the caller's active sessions; a foreign, expired or already revoked id is 404. Audited atomically. */
export async function revokeAdminSession(opts: { accountId: string; sessionId: string; currentSessionId: string; requestId?: string }) {
  return withTransaction(async (tx) => {
    const t = now();
    const updated = await tx.query("UPDATE admin_session SET revoked_at = $3 WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL AND expires_at > $3", [
      opts.sessionId, opts.accountId, t,
    ]);
    if (updated.rowCount === 0) throw new AppError("not_found", "Session not found");
    await writeAudit({
      tx,
      at: t,
      accountId: opts.accountId,
      action: "admin.session.revoked",
      targetType: "admin_session",
      targetId: opts.sessionId,
      metadata: { current: opts.sessionId === opts.currentSessionId },
      requestId: opts.requestId,
    });
    return { revoked: true, current: opts.sessionId === opts.currentSessionId };
  });
}

/** Logout: revokes the caller's own session record (idempotent). */
export async function logoutAdminSession(opts: { sessionId: string; accountId: string; requestId?: string }): Promise<void> {
  await withTransaction(async (tx) => {
    const at = now();
    await tx.query("UPDATE admin_session SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [opts.sessionId, at]);
    await writeAudit({ tx, at, accountId: opts.accountId, action: "admin.logout", targetType: "admin_session", targetId: opts.sessionId, requestId: opts.requestId });
  });
}
