import { randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { db, pool } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { AppError } from "@/server/errors/app-error";
import { writeAudit } from "@/server/domain/identity/audit/write-audit";
import { throwIfLimited } from "@/server/rate-limit/limiter";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { burnPasswordCheck, hashPassword, passwordLengthOk, verifyPassword } from "./passwords";
import { loginAddressHash, networkOf, sessionClient } from "./session-client";
import { createAdminSession } from "./sessions";
import { signAdminToken } from "./session-token";

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Identities of system accounts (the demo owner) live under this reserved domain (RFC 2606). */
export const RESERVED_EMAIL_DOMAIN = "playloop.invalid";

function isReservedEmail(normalisedEmail: string): boolean {
  return normalisedEmail.endsWith(`@${RESERVED_EMAIL_DOMAIN}`);
}

/**
 * Self-registration. The answer has the same shape for a new and an existing email (an existing
 * one gets a fresh, never-stored UUID and no session), so signup cannot be used to probe accounts.
 */
export async function signupAdmin(opts: { email: string; password: string; ip: string; userAgent?: string; requestId?: string; limits: TLimitGate }): Promise<{ accountId: string; session: { token: string; expiresAt: Date } | null }> {
  if (!config().allowSignup) throw new AppError("signup_disabled");
  const email = normaliseEmail(opts.email);
  // The route's limits (per address, then per e-mail), counted once signup is open.
  await opts.limits.enforce();
  if (!passwordLengthOk(opts.password)) {
    throw new AppError("validation_error", "Password must be 8-1024 bytes", { details: { issues: [{ path: "password", message: "8-1024 bytes" }] } });
  }
  const passwordHash = await hashPassword(opts.password);
  return withTransaction(async (tx) => {
    const at = now();
    // A reserved identity answers exactly like a registered one, and nothing is stored.
    const created = isReservedEmail(email)
      ? []
      : (
          await tx.query<{ id: string }>(
            "INSERT INTO admin_account (email, password_hash, created_at, password_changed_at) VALUES ($1, $2, $3, $3) ON CONFLICT (email) DO NOTHING RETURNING id",
            [email, passwordHash, at],
          )
        ).rows;
    const account = created[0];
    if (!account) {
      // Same shape down to the cookie: a well-formed token for a session that never exists.
      const expiresAt = new Date(at.getTime() + config().adminSessionTtlSeconds * 1000);
      const accountId = randomUUID(); // the token names the account id the answer gives, as a real one does
      const token = await signAdminToken({ accountId, sessionId: randomUUID(), expiresAt });
      return { accountId, session: { token, expiresAt } };
    }
    await writeAudit({ tx, at, accountId: account.id, action: "admin.signup", requestId: opts.requestId });
    const session = await createAdminSession({ accountId: account.id, tx, client: sessionClient({ ip: opts.ip, userAgent: opts.userAgent }) });
    return { accountId: account.id, session };
  });
}

/** Out-of-band first admin (npm run admin:create). Works when self-registration is off. */
export async function createAdminAccount(opts: { email: string; password: string }): Promise<{ accountId: string }> {
  const email = normaliseEmail(opts.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AppError("validation_error", "Invalid email");
  if (isReservedEmail(email)) throw new AppError("validation_error", `Addresses @${RESERVED_EMAIL_DOMAIN} are reserved for system accounts`);
  if (!passwordLengthOk(opts.password)) throw new AppError("validation_error", "Password must be 8-1024 bytes");
  const passwordHash = await hashPassword(opts.password);
  return withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query<{ id: string }>(
      "INSERT INTO admin_account (email, password_hash, created_at, password_changed_at) VALUES ($1, $2, $3, $3) ON CONFLICT (email) DO NOTHING RETURNING id",
      [email, passwordHash, at],
    );
    if (!rows[0]) throw new AppError("conflict", "An account with this email already exists");
    await writeAudit({ tx, at, accountId: rows[0].id, action: "admin.created_out_of_band" });
    return { accountId: rows[0].id };
  });
}

/**
 * Login: limits per address, per e-mail and address, and per e-mail are consumed before any
 * credential work and fail closed (an IPv6 address counts by its /64: server/rate-limit/gate.ts).
 */
export async function loginAdmin(opts: { email: string; password: string; ip: string; userAgent?: string; requestId?: string; limits: TLimitGate; knownNetworkLimits: TLimitGate }) {
  const email = normaliseEmail(opts.email);
  // Per address, and per e-mail *and* address, were counted before this ran (the route's `first`
  // limits): strangers guessing one admin's password from elsewhere exhaust their own buckets (2FA's
  // lockout guards the second factor). Per e-mail across all addresses (the spec's rule): guesses at
  // one account spread over many addresses are bounded too. Once that is spent, a network the
  // account has signed in from before still gets through, so strangers elsewhere cannot lock a known
  // admin out of their usual places. An address the account signed in from itself passes on its
  // per-address budgets alone; another address of such a network is counted per e-mail and network
  // (knownNetworkLimits), so the addresses inside it do not each get a budget of their own — and a
  // stranger there who spends that one still cannot lock the admin out of the admin's own address.
  const perEmail = await opts.limits.answer();
  if (!perEmail.allowed) {
    const known = await signedInFrom(email, networkOf(opts.ip), loginAddressHash(opts.ip));
    if (!known.network) throwIfLimited(perEmail);
    if (!known.address) await opts.knownNetworkLimits.enforce();
  }
  const account = await db().adminAccount.findUnique({ where: { email } });
  if (!account || account.system) {
    await burnPasswordCheck(opts.password);
    throw new AppError("invalid_credentials");
  }
  if (!(await verifyPassword(account.passwordHash, opts.password))) {
    await writeAudit({ accountId: account.id, action: "admin.login_failed", requestId: opts.requestId });
    throw new AppError("invalid_credentials");
  }
  const session = await withTransaction(async (tx) => {
    // The password checked above may have been changed while argon2 ran: a change revokes the
    // sessions that exist when it commits, so a login must not add one after it. The account row
    // is locked (a change waits, then revokes this session too) and the hash compared again.
    const { rows } = await tx.query<{ password_hash: string }>("SELECT password_hash FROM admin_account WHERE id = $1 FOR UPDATE", [account.id]);
    if (rows[0]?.password_hash !== account.passwordHash) throw new AppError("invalid_credentials");
    const s = await createAdminSession({ accountId: account.id, tx, client: sessionClient({ ip: opts.ip, userAgent: opts.userAgent }) });
    await writeAudit({ tx, accountId: account.id, action: "admin.login", targetType: "admin_session", targetId: s.sessionId, requestId: opts.requestId });
    return s;
  });
  return { accountId: account.id, ...session };
}

/**
 * Password change: 10 attempts per 15 minutes per account, counted before any credential work (the route's limit).
 * One transaction changes the hash and revokes every session of the account (the current one too).
 * A storage failure answers 503 and changes nothing.
 */
export async function changeAdminPassword(opts: { accountId: string; currentPassword: string; newPassword: string; requestId?: string }) {
  if (!passwordLengthOk(opts.newPassword)) {
    throw new AppError("validation_error", "New password must be 8-1024 bytes", { details: { issues: [{ path: "new_password", message: "8-1024 bytes" }] } });
  }
  try {
    const account = await db().adminAccount.findUniqueOrThrow({ where: { id: opts.accountId } });
    if (!(await verifyPassword(account.passwordHash, opts.currentPassword))) throw new AppError("invalid_credentials", "Current password is wrong");
    const passwordHash = await hashPassword(opts.newPassword);
    await withTransaction(async (tx) => {
      const t = now();
      await tx.query("UPDATE admin_account SET password_hash = $2, password_changed_at = $3 WHERE id = $1", [opts.accountId, passwordHash, t]);
      const revoked = await tx.query("UPDATE admin_session SET revoked_at = $2 WHERE account_id = $1 AND revoked_at IS NULL", [opts.accountId, t]);
      await writeAudit({ tx, at: t, accountId: opts.accountId, action: "admin.password_changed", metadata: { sessions_revoked: revoked.rowCount }, requestId: opts.requestId });
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError("service_unavailable", "Password could not be changed; nothing was changed", { cause: e });
  }
  return { status: "changed" as const, reauthenticate: true as const };
}

/**
 * Whether the account with this e-mail has had a session in the last 90 days from this network
 * (its /24 or /48), and from this very address as the login limits count it (IPv4, IPv6 /64).
 */
async function signedInFrom(email: string, network: string | null, addressHash: string | null): Promise<{ network: boolean; address: boolean }> {
  if (!network) return { network: false, address: false };
  const { rows } = await pool().query<{ address: boolean }>(
    `SELECT bool_or(s.address_hash = $4) AS address FROM admin_session s JOIN admin_account a ON a.id = s.account_id
      WHERE a.email = $1 AND s.network = $2 AND s.created_at > $3 HAVING count(*) > 0`,
    [email, network, new Date(now().getTime() - 90 * 86_400_000), addressHash],
  );
  return { network: rows.length > 0, address: rows[0]?.address === true };
}
