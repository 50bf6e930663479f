import { withTransaction } from "@/server/db/tx";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { resolveEconomy, ZEconomyConfig } from "./config";

export async function getEconomySettings(opts: { accountId: string; projectId: string }) {
  const p = await findOwnedProject(opts);
  return { economy_enabled: p.economyEnabled, economy_config: resolveEconomy(p.economyConfig), config_revision: p.economyConfigRevision };
}

/**
 * Changes the switch and/or the whole configuration (validated as a whole: unique ids, prices in
 * a resource that exists, each booster an effect its game offers). Balances of a resource removed
 * from the configuration are kept, just no longer shown or spendable.
 */
export async function updateEconomySettings(opts: { accountId: string; projectId: string; enabled?: boolean; config?: unknown; requestId?: string }) {
  await findOwnedProject(opts);
  let config: string | null = null;
  if (opts.config !== undefined) {
    const parsed = ZEconomyConfig.safeParse(opts.config);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: ["economy_config", ...i.path].join("."), message: i.message }));
      throw new AppError("validation_error", `${issues[0]!.path}: ${issues[0]!.message}`, { details: { issues } });
    }
    config = JSON.stringify(parsed.data);
  }
  await withTransaction(async (tx) => {
    const at = now();
    await tx.query(
      `UPDATE project SET economy_enabled = COALESCE($2, economy_enabled), economy_config = COALESCE($3::jsonb, economy_config),
              economy_config_revision = economy_config_revision + CASE WHEN $3::jsonb IS NULL THEN 0 ELSE 1 END, updated_at = $4
        WHERE id = $1`,
      [opts.projectId, opts.enabled ?? null, config, at],
    );
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "economy.settings_updated", metadata: { enabled: opts.enabled ?? null, config_changed: config !== null }, requestId: opts.requestId });
  });
  return { ok: true as const };
}
