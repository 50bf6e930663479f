import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { hmacHex } from "@/server/lib/crypto";
import { writeAudit } from "@/server/domain/identity/audit/write-audit";
import { sessionClient } from "./session-client";
import { createAdminSession } from "./sessions";

/**
 * Identities an OpenID Connect provider vouches for, linked to admin accounts (console sign-in
 * through the company's provider: server/auth/sso). A link is made only by its account, from a
 * console session that passed two-factor; a provider's e-mail never links anything by itself. A
 * sign-in through the provider opens a session that still needs the account's TOTP, exactly as
 * a password does. The provider's subject is kept as a keyed hash.
 */
export type TProviderIdentity = { issuer: string; subject: string; email: string | null };

export type TLinkedIdentity = { issuer: string; email: string | null; linkedAt: Date; lastUsedAt: Date | null };

function subjectHash(issuer: string, subject: string): string {
  return hmacHex("admin-sso-subject", `${issuer}\n${subject}`);
}

export async function linkedIdentity(opts: { accountId: string; issuer: string }): Promise<TLinkedIdentity | null> {
  const row = await db().adminIdentity.findUnique({ where: { accountId_issuer: { accountId: opts.accountId, issuer: opts.issuer } } });
  return row ? { issuer: row.issuer, email: row.email, linkedAt: row.createdAt, lastUsedAt: row.lastUsedAt } : null;
}

export type TLinkOutcome = "linked" | "taken" | "already_linked" | "session_gone";

/**
 * Links the provider's identity to the account of a console session — one that is still active
 * and passed two-factor when the link completes (it began from that session: server/auth/sso).
 * `taken`: the identity belongs to another account; `already_linked`: this account has an identity
 * of this provider (unlink it first). Nothing changes unless the outcome is `linked`.
 */
export async function linkAdminIdentity(opts: { sessionId: string; accountId: string; identity: TProviderIdentity; requestId?: string }): Promise<TLinkOutcome> {
  const t = now();
  const hash = subjectHash(opts.identity.issuer, opts.identity.subject);
  return withTransaction(async (tx) => {
    const { rows } = await tx.query<{ account_id: string; revoked_at: Date | null; expires_at: Date; two_factor_verified_at: Date | null; system: boolean }>(
      `SELECT s.account_id, s.revoked_at, s.expires_at, s.two_factor_verified_at, a.system
         FROM admin_session s JOIN admin_account a ON a.id = s.account_id
        WHERE s.id = $1 FOR UPDATE OF a`,
      [opts.sessionId],
    );
    const s = rows[0];
    if (!s || s.account_id !== opts.accountId || s.system || s.revoked_at || s.expires_at <= t || !s.two_factor_verified_at) return "session_gone";
    const existing = await tx.query<{ account_id: string; issuer: string }>("SELECT account_id, issuer FROM admin_identity WHERE (issuer = $1 AND subject_hash = $2) OR (account_id = $3 AND issuer = $1)", [
      opts.identity.issuer,
      hash,
      opts.accountId,
    ]);
    if (existing.rows.some((r) => r.account_id !== opts.accountId)) return "taken";
    if (existing.rows.length > 0) return "already_linked";
    const id = randomUUID();
    // ON CONFLICT: two links of one identity racing to two accounts — the second finds it taken.
    const inserted = await tx.query(
      "INSERT INTO admin_identity (id, account_id, issuer, subject_hash, email, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
      [id, opts.accountId, opts.identity.issuer, hash, opts.identity.email, t],
    );
    if (inserted.rowCount !== 1) return "taken";
    await writeAudit({ tx, accountId: opts.accountId, action: "admin.sso_linked", targetType: "admin_identity", targetId: id, metadata: { issuer: opts.identity.issuer }, requestId: opts.requestId });
    return "linked";
  });
}

/** Removes the account's identity of this provider; false when there was none. */
export async function unlinkAdminIdentity(opts: { accountId: string; issuer: string; requestId?: string }): Promise<boolean> {
  return withTransaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>("DELETE FROM admin_identity WHERE account_id = $1 AND issuer = $2 RETURNING id", [opts.accountId, opts.issuer]);
    if (!rows[0]) return false;
    await writeAudit({ tx, accountId: opts.accountId, action: "admin.sso_unlinked", targetType: "admin_identity", targetId: rows[0].id, metadata: { issuer: opts.issuer }, requestId: opts.requestId });
    return true;
  });
}

/**
 * A sign-in the provider vouched for: a new console session of the linked account, not yet past
 * two-factor (the console asks for the TOTP code, or for enrolment, next). Null when no account
 * has linked this identity; "replayed" when this hand-off already opened a session.
 */
export async function loginWithIdentity(opts: { identity: TProviderIdentity; handoffId: string; ip: string; userAgent?: string; requestId?: string }) {
  const hash = subjectHash(opts.identity.issuer, opts.identity.subject);
  return withTransaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; account_id: string; two_factor_enabled: boolean }>(
      `SELECT i.id, i.account_id, tf.confirmed_at IS NOT NULL AS two_factor_enabled
         FROM admin_identity i JOIN admin_account a ON a.id = i.account_id LEFT JOIN admin_two_factor tf ON tf.account_id = a.id
        WHERE i.issuer = $1 AND i.subject_hash = $2 AND NOT a.system FOR UPDATE OF i`,
      [opts.identity.issuer, hash],
    );
    const row = rows[0];
    if (!row) {
      await writeAudit({ tx, action: "admin.sso_login_unlinked", metadata: { issuer: opts.identity.issuer }, requestId: opts.requestId });
      return null;
    }
    const s = await createAdminSession({ accountId: row.account_id, tx, client: sessionClient({ ip: opts.ip, userAgent: opts.userAgent }), ssoHandoff: opts.handoffId });
    await tx.query("UPDATE admin_identity SET last_used_at = $2 WHERE id = $1", [row.id, now()]);
    await writeAudit({ tx, accountId: row.account_id, action: "admin.login", targetType: "admin_session", targetId: s.sessionId, metadata: { via: "sso", issuer: opts.identity.issuer }, requestId: opts.requestId });
    return { accountId: row.account_id, twoFactorEnabled: row.two_factor_enabled, ...s };
  }).catch((e: unknown) => {
    // A hand-off opens one session (admin_session.sso_handoff is unique): a copy of its cookie,
    // replayed, rolls back here and opens nothing.
    if ((e as { code?: string; constraint?: string }).constraint === "admin_session_sso_handoff_key") return "replayed" as const;
    throw e;
  });
}
