import type { TTx } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { resolveEconomy, type TEconomyConfig } from "./config";

export type TKnownEconomy = { revision: number; economy: TEconomyConfig };

/**
 * Parsed economy configurations by project, each with the revision it was parsed from. Only a copy:
 * every spend and grant checks in its own first statement that the project's economy is still
 * enabled at that revision (runIdempotent's guard) and reloads through its transaction when not,
 * so a change made on any instance takes effect on the next operation. Bounded: the oldest entry
 * goes first.
 */
const known = new Map<string, TKnownEconomy>();
const MAX_PROJECTS = 2_000;

export function cachedEconomy(projectId: string): TKnownEconomy | undefined {
  return known.get(projectId);
}

/** Reads the project's economy through the caller's transaction: 404, 409 `economy_disabled`, or the parsed configuration (remembered). */
export async function loadEconomy(tx: TTx, projectId: string): Promise<TKnownEconomy> {
  const p = (
    await tx.query<{ economy_enabled: boolean; economy_config: unknown; economy_config_revision: number }>({
      name: "economy_load",
      text: "SELECT economy_enabled, economy_config, economy_config_revision FROM project WHERE id = $1",
      values: [projectId],
    })
  ).rows[0];
  if (!p) throw new AppError("not_found", "Project not found");
  if (!p.economy_enabled) throw new AppError("economy_disabled", "This project's economy is switched off");
  return remember(projectId, { revision: p.economy_config_revision, economy: resolveEconomy(p.economy_config) });
}

function remember(projectId: string, entry: TKnownEconomy): TKnownEconomy {
  known.delete(projectId);
  if (known.size >= MAX_PROJECTS) known.delete(known.keys().next().value!);
  known.set(projectId, entry);
  return entry;
}

/**
 * SQL for a statement that reads the project's economy beside other things (the wheel's reads and
 * spins, player-wheel.ts): `economy_config` only when its revision is not the one this process holds
 * (`param` carries it, 0 for none: revisions start at 1), and `economy_config_revision`. Every change
 * of a project's configuration moves its revision (settings.ts), so a revision names one
 * configuration: the statement need not print it, nor this process parse and check it, on every
 * request (a spin's economy was ~4 % of its instructions, `npm run bench:instructions` with
 * INSTR_MONEY=1, 2026-12-05). `p` is the project's alias.
 */
export function economyUnlessKnown(param: string): string {
  return `CASE WHEN p.economy_config_revision = ${param} THEN NULL ELSE p.economy_config END AS economy_config, p.economy_config_revision`;
}

/**
 * The economy such a statement read: the one `held` (taken before the statement was sent) when it
 * left the configuration out, else the stored one parsed and remembered for the next statement.
 */
export function economyOfRow(projectId: string, row: { economy_config: unknown; economy_config_revision: number }, held: TKnownEconomy | undefined): TEconomyConfig {
  if (row.economy_config === null || row.economy_config === undefined) {
    if (held?.revision === row.economy_config_revision) return held.economy;
    throw new Error(`project ${projectId}'s economy (revision ${row.economy_config_revision}) came back without its configuration, and the statement was sent holding ${held?.revision ?? "none"}`);
  }
  const economy = resolveEconomy(row.economy_config);
  const now = known.get(projectId);
  if (!now || now.revision <= row.economy_config_revision) remember(projectId, { revision: row.economy_config_revision, economy });
  return economy;
}

/** SQL that is true while the project's economy is enabled at the revision (`project` and `revision`: parameters). */
function economyCurrentSql(project: string, revision: string): string {
  return `EXISTS (SELECT 1 FROM project WHERE id = ${project} AND economy_enabled AND economy_config_revision = ${revision})`;
}

/**
 * The guard's SQL and the balance lock's condition, each made once: the statements built around
 * them are kept per text (idempotent.ts, ledger.ts), and a text made anew on every request is
 * hashed anew by every Map that looks it up (statement-names.ts): ~2 % of a purchase's
 * instructions (`npm run bench:instructions` with INSTR_MONEY=1, 2026-12-05).
 */
let guardSql: string | undefined;
let lockCondition: string | undefined;

/** The guard runIdempotent checks in its first statement: still enabled, still this revision ($1 is the project, $8 the revision). */
export function economyGuard(revision: number) {
  return { sql: (guardSql ??= economyCurrentSql("$1", "$8")), params: [revision] };
}

/** The condition of a purchase's balance lock sent ahead (ledger.ts sendBalanceLock: $1 the project, $4 the revision), made once. */
export function economyCurrentAt4(): string {
  return (lockCondition ??= economyCurrentSql("$1", "$4"));
}
