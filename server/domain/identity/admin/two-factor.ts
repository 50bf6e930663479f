import { randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { db, pool } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { now, nowSeconds } from "@/server/lib/clock";
import { decrypt, encrypt, hmacHex } from "@/server/lib/crypto";
import { AppError } from "@/server/errors/app-error";
import { writeAudit } from "@/server/domain/identity/audit/write-audit";
import { markSessionTwoFactorVerified } from "./sessions";

/**
 * Mandatory TOTP. Secrets are AES-GCM encrypted at rest; recovery codes are stored as keyed hashes
 * and shown once. A time step is usable once: the last used step is stored and only advances, in
 * one conditional UPDATE, so concurrent uses of one code have exactly one winner.
 */
const ISSUER = "Playloop";
const TOLERANCE_SECONDS = 30; // ±1 step: a code is accepted for about 90 s
export const RECOVERY_CODES = 10;
/**
 * Progressive lockout: every LOCK_EVERY consecutive wrong codes lock TOTP for the next step of
 * LOCK_STEPS_SECONDS (1 min, 5 min, 15 min, 1 h, 6 h, then 24 h each time). With ±1 step a guess
 * hits with p ≈ 3·10⁻⁶, so a month of guessing with a known password stays far below 0.1 %. A
 * correct code or a recovery code (80 bits, accepted during a lockout) clears it.
 */
const LOCK_EVERY = 5;
const LOCK_STEPS_SECONDS = [60, 300, 900, 3600, 21_600, 86_400] as const;

type TCaller = { accountId: string; sessionId: string; email: string; requestId?: string };


export async function twoFactorStatus(opts: { accountId: string; sessionVerified: boolean }) {
  const row = await db().adminTwoFactor.findUnique({ where: { accountId: opts.accountId } });
  const remaining = row?.confirmedAt
    ? await db().adminRecoveryCode.count({ where: { accountId: opts.accountId, usedAt: null } })
    : 0;
  return {
    enabled: row?.confirmedAt != null,
    pending_enrollment: row != null && row.confirmedAt == null,
    session_verified: opts.sessionVerified,
    recovery_codes_remaining: remaining,
  };
}

/**
 * Begins enrollment, or answers the pending one: an unconfirmed secret is kept until it is
 * confirmed or replaced on purpose (`restart`), so a reloaded setup page shows the key an
 * authenticator may already hold. Refused once 2FA is confirmed.
 */
export async function enrollTwoFactor(opts: TCaller & { restart?: boolean }) {
  const fresh = encrypt("totp-secret", generateSecret());
  const secretEncrypted = await withTransaction(async (tx) => {
    const at = now();
    // One statement decides: a new row, a restart, or the pending secret as it is — and never over
    // a confirmed secret (a confirmation may commit at any moment).
    const { rows } = await tx.query<{ secret_encrypted: string; changed: boolean }>(
      `INSERT INTO admin_two_factor (account_id, secret_encrypted, created_at, updated_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (account_id) DO UPDATE
          SET secret_encrypted = CASE WHEN $4 THEN EXCLUDED.secret_encrypted ELSE admin_two_factor.secret_encrypted END,
              last_used_step = CASE WHEN $4 THEN 0 ELSE admin_two_factor.last_used_step END,
              updated_at = CASE WHEN $4 THEN EXCLUDED.updated_at ELSE admin_two_factor.updated_at END
        WHERE admin_two_factor.confirmed_at IS NULL
       RETURNING secret_encrypted, secret_encrypted = $2 AS changed`,
      [opts.accountId, fresh, at, opts.restart === true],
    );
    const row = rows[0];
    if (!row) throw new AppError("conflict", "Two-factor authentication is already enabled");
    if (row.changed) await writeAudit({ tx, at, accountId: opts.accountId, action: opts.restart ? "admin.2fa.enroll_restarted" : "admin.2fa.enroll_started", requestId: opts.requestId });
    return row.secret_encrypted;
  });
  const secret = decrypt("totp-secret", secretEncrypted);
  return {
    secret,
    otpauth_uri: generateURI({ issuer: ISSUER, label: opts.email, secret }),
    issuer: ISSUER,
    digits: 6,
    period: 30,
  };
}

/** Confirms enrollment with a first code: enables 2FA, verifies this session and returns recovery codes once. */
export async function confirmTwoFactor(opts: TCaller & { code: string }) {
  const row = await db().adminTwoFactor.findUnique({ where: { accountId: opts.accountId } });
  if (!row) throw new AppError("conflict", "Start enrollment first");
  if (row.confirmedAt) throw new AppError("conflict", "Two-factor authentication is already enabled");
  await consumeTotp(opts.accountId, row, opts.code);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await withTransaction(async (tx) => {
    const at = now();
    // Only the enrollment the code was checked against, and only once.
    const confirmed = await tx.query(
      "UPDATE admin_two_factor SET confirmed_at = $2, updated_at = $2 WHERE account_id = $1 AND secret_encrypted = $3 AND confirmed_at IS NULL",
      [opts.accountId, at, row.secretEncrypted],
    );
    if (confirmed.rowCount !== 1) throw new AppError("conflict", "The enrollment changed meanwhile; start it again");
    await tx.query("DELETE FROM admin_recovery_code WHERE account_id = $1", [opts.accountId]);
    await tx.query("INSERT INTO admin_recovery_code (account_id, code_hash, created_at) SELECT $1, unnest($2::text[]), $3", [opts.accountId, codes.map(recoveryHash), at]);
    await markSessionTwoFactorVerified({ sessionId: opts.sessionId, tx });
    await writeAudit({ tx, at, accountId: opts.accountId, action: "admin.2fa.enabled", requestId: opts.requestId });
  });
  return { enabled: true, session_verified: true, recovery_codes: codes };
}

/** Verifies the session with a TOTP code, or a recovery code (which is then spent). */
export async function challengeTwoFactor(opts: TCaller & { code: string }) {
  const row = await db().adminTwoFactor.findUnique({ where: { accountId: opts.accountId } });
  if (!row?.confirmedAt) throw new AppError("conflict", "Two-factor authentication is not enabled; enroll first");
  const code = opts.code.trim();
  if (/^\d{6}$/.test(code)) {
    await checkTotpWithLockout(opts.accountId, row, code);
    await withTransaction(async (tx) => {
      await markSessionTwoFactorVerified({ sessionId: opts.sessionId, tx });
      await writeAudit({ tx, accountId: opts.accountId, action: "admin.2fa.challenge_passed", metadata: { method: "totp" }, requestId: opts.requestId });
    });
    return { session_verified: true, method: "totp" as const };
  }
  return spendRecovery(opts, code);
}

/** Verifies the session with a one-time recovery code. */
export async function recoverTwoFactor(opts: TCaller & { code: string }) {
  const row = await db().adminTwoFactor.findUnique({ where: { accountId: opts.accountId } });
  if (!row?.confirmedAt) throw new AppError("conflict", "Two-factor authentication is not enabled");
  return spendRecovery(opts, opts.code.trim());
}

async function spendRecovery(opts: TCaller, code: string) {
  const t = now();
  const spent = await withTransaction(async (tx) => {
    const used = await tx.query("UPDATE admin_recovery_code SET used_at = $3 WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL", [
      opts.accountId, recoveryHash(code), t,
    ]);
    if (used.rowCount === 0) return false;
    await tx.query("UPDATE admin_two_factor SET failed_attempts = 0, locked_until = NULL, updated_at = $2 WHERE account_id = $1", [opts.accountId, t]);
    await markSessionTwoFactorVerified({ sessionId: opts.sessionId, tx });
    await writeAudit({ tx, at: t, accountId: opts.accountId, action: "admin.2fa.recovery_code_used", requestId: opts.requestId });
    return true;
  });
  if (!spent) throw new AppError("invalid_code");
  const remaining = await db().adminRecoveryCode.count({ where: { accountId: opts.accountId, usedAt: null } });
  return { session_verified: true, method: "recovery_code" as const, recovery_codes_remaining: remaining };
}

async function consumeTotp(accountId: string, row: { secretEncrypted: string; lastUsedStep: bigint }, code: string): Promise<void> {
  const token = code.trim();
  if (!/^\d{6}$/.test(token)) throw new AppError("invalid_code");
  const result = await verify({
    secret: decrypt("totp-secret", row.secretEncrypted),
    token,
    epoch: nowSeconds(),
    epochTolerance: TOLERANCE_SECONDS,
    afterTimeStep: Number(row.lastUsedStep),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !("timeStep" in result) || typeof result.timeStep !== "number") throw new AppError("invalid_code");
  // The step only advances; a concurrent or earlier use of this or a later step makes this a no-op.
  // And only for the secret the code was checked against: an enrollment restarted meanwhile (a new
  // secret) makes the code worthless.
  const claimed = await db().adminTwoFactor.updateMany({
    where: { accountId, secretEncrypted: row.secretEncrypted, lastUsedStep: { lt: BigInt(result.timeStep) } },
    data: { lastUsedStep: BigInt(result.timeStep), failedAttempts: 0, lockedUntil: null, updatedAt: now() },
  });
  if (claimed.count === 0) throw new AppError("invalid_code");
}

/**
 * A TOTP code checked under the lockout: the attempt is counted first, in one statement that
 * refuses while TOTP is locked (so guesses sent side by side cannot all pass a lock check made
 * before any of them was counted), and a correct code then clears the count (consumeTotp).
 */
export async function checkTotpWithLockout(accountId: string, row: { secretEncrypted: string; lastUsedStep: bigint }, code: string): Promise<void> {
  const at = now();
  const counted = await pool().query(
    `UPDATE admin_two_factor SET
       failed_attempts = failed_attempts + 1,
       locked_until = CASE WHEN (failed_attempts + 1) % $3 = 0
         THEN $2::timestamptz + make_interval(secs => ($4::int[])[LEAST((failed_attempts + 1) / $3, cardinality($4::int[]))])
         ELSE locked_until END,
       updated_at = $2
     WHERE account_id = $1 AND (locked_until IS NULL OR locked_until <= $2)`,
    [accountId, at, LOCK_EVERY, [...LOCK_STEPS_SECONDS]],
  );
  if (counted.rowCount !== 1) {
    // Locked (read again: the statement's own snapshot predates the lock it waited behind).
    const { rows } = await pool().query<{ locked_until: Date | null }>("SELECT locked_until FROM admin_two_factor WHERE account_id = $1", [accountId]);
    assertNotLocked(rows[0]?.locked_until ?? null);
    throw new AppError("invalid_code");
  }
  await consumeTotp(accountId, row, code);
}

function assertNotLocked(lockedUntil: Date | null): void {
  const t = now().getTime();
  if (lockedUntil && lockedUntil.getTime() > t) {
    const retryAfter = Math.ceil((lockedUntil.getTime() - t) / 1000);
    throw new AppError("two_factor_locked", undefined, {
      headers: { "Retry-After": String(retryAfter) },
      details: { locked_until: lockedUntil.toISOString(), recovery_code_accepted: true },
    });
  }
}

export function newRecoveryCode(): string {
  const raw = randomBytes(10).toString("hex"); // 80 bits
  return `${raw.slice(0, 5)}-${raw.slice(5, 10)}-${raw.slice(10, 15)}-${raw.slice(15, 20)}`;
}

export function recoveryHash(code: string): string {
  return hmacHex("recovery-code", code.toLowerCase().replace(/[^0-9a-f]/g, ""));
}
