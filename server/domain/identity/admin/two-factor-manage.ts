import { db } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { AppError } from "@/server/errors/app-error";
import { writeAudit } from "@/server/domain/identity/audit/write-audit";
import { checkTotpWithLockout, newRecoveryCode, RECOVERY_CODES, recoveryHash } from "./two-factor";

/**
 * Managing two-factor from a verified session: new recovery codes, or starting over with a new
 * authenticator. Both change what protects the account, so each asks for a fresh TOTP code from
 * the current authenticator (not a recovery code, and not the session's earlier verification):
 * a stolen session alone cannot lock the owner out or mint itself recovery codes. A wrong code
 * counts toward the same lockout as the sign-in challenge and changes nothing.
 */
type TCaller = { accountId: string; sessionId: string; requestId?: string; code: string };

async function requireFreshTotp(opts: TCaller): Promise<void> {
  const row = await db().adminTwoFactor.findUnique({ where: { accountId: opts.accountId } });
  if (!row?.confirmedAt) throw new AppError("conflict", "Two-factor authentication is not enabled");
  await checkTotpWithLockout(opts.accountId, row, opts.code);
}

/** Replaces every recovery code (used or not) with 10 new ones, returned once. */
export async function regenerateRecoveryCodes(opts: TCaller): Promise<{ recovery_codes: string[] }> {
  await requireFreshTotp(opts);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await withTransaction(async (tx) => {
    const at = now();
    await tx.query("DELETE FROM admin_recovery_code WHERE account_id = $1", [opts.accountId]);
    await tx.query("INSERT INTO admin_recovery_code (account_id, code_hash, created_at) SELECT $1, unnest($2::text[]), $3", [opts.accountId, codes.map(recoveryHash), at]);
    await writeAudit({ tx, at, accountId: opts.accountId, action: "admin.2fa.recovery_codes_regenerated", requestId: opts.requestId });
  });
  return { recovery_codes: codes };
}

/**
 * Turns two-factor off so it can be set up again with a new authenticator: the secret and the
 * recovery codes go, every other session of the account is signed out, and this session is no
 * longer verified, so the console sends it straight to enrollment (2FA stays mandatory).
 */
export async function resetTwoFactor(opts: TCaller): Promise<{ enabled: false; other_sessions_signed_out: number }> {
  await requireFreshTotp(opts);
  return withTransaction(async (tx) => {
    const at = now();
    await tx.query("DELETE FROM admin_recovery_code WHERE account_id = $1", [opts.accountId]);
    await tx.query("DELETE FROM admin_two_factor WHERE account_id = $1", [opts.accountId]);
    const others = await tx.query("UPDATE admin_session SET revoked_at = $3 WHERE account_id = $1 AND id <> $2 AND revoked_at IS NULL AND expires_at > $3", [opts.accountId, opts.sessionId, at]);
    await tx.query("UPDATE admin_session SET two_factor_verified_at = NULL WHERE id = $1", [opts.sessionId]);
    await writeAudit({ tx, at, accountId: opts.accountId, action: "admin.2fa.reset", metadata: { other_sessions_signed_out: others.rowCount ?? 0 }, requestId: opts.requestId });
    return { enabled: false as const, other_sessions_signed_out: others.rowCount ?? 0 };
  });
}
