import { withTransaction, type TTx } from "@/server/db/tx";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { ensureWheels } from "./wheel-store";

const TZ_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * A time zone both sides agree on: the day boundaries are computed by PostgreSQL (spins, the
 * lobby) and shown by Node (Intl), so the name must be an IANA zone known to both, spelled as
 * the database spells it. Offsets and POSIX strings ("UTC+3", "EST5EDT"-style rules) are refused.
 */
async function assertTimezone(tx: TTx, timezone: string): Promise<void> {
  let intl = TZ_SHAPE.test(timezone);
  try {
    if (intl) new Intl.DateTimeFormat("en", { timeZone: timezone });
  } catch {
    intl = false;
  }
  const known = intl && (await tx.query("SELECT 1 FROM pg_timezone_names WHERE name = $1", [timezone])).rowCount! > 0;
  if (!known) throw new AppError("validation_error", "timezone: not an IANA time zone name", { details: { issues: [{ path: "timezone", message: "not an IANA time zone name (e.g. Europe/Berlin)" }] } });
}

function view(row: { timezone: string; updated_at: Date }) {
  return { timezone: row.timezone, updated_at: row.updated_at.toISOString() };
}

export async function getWheelSettings(opts: { accountId: string; projectId: string }) {
  const project = await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    await ensureWheels(tx, project);
    const { rows } = await tx.query<{ timezone: string; updated_at: Date }>("SELECT timezone, updated_at FROM wheel_settings WHERE project_id = $1", [project.id]);
    return view(rows[0]!);
  });
}

/** Changing the zone moves where "today" ends for entitlements and daily budgets from the next spin on. */
export async function updateWheelSettings(opts: { accountId: string; projectId: string; timezone: string; requestId?: string }) {
  const project = await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    await assertTimezone(tx, opts.timezone);
    await ensureWheels(tx, project);
    const at = now();
    const before = (await tx.query<{ timezone: string }>("SELECT timezone FROM wheel_settings WHERE project_id = $1 FOR UPDATE", [project.id])).rows[0]!.timezone;
    const { rows } = await tx.query<{ timezone: string; updated_at: Date }>(
      "UPDATE wheel_settings SET timezone = $2, updated_at = $3 WHERE project_id = $1 RETURNING timezone, updated_at",
      [project.id, opts.timezone, at],
    );
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: project.id, action: "wheel.settings_updated", metadata: { timezone: { before, after: opts.timezone } }, requestId: opts.requestId });
    return view(rows[0]!);
  });
}
