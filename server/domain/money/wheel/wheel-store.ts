import type { Project } from "@/server/db/generated/prisma/client";
import type { TTx } from "@/server/db/tx";
import { resolveEconomy } from "@/server/domain/money/economy/config";
import { now } from "@/server/lib/clock";
import { defaultDraft, draftHash, WHEEL_IDS, ZWheelDraftSchema, type TWheelDraft, type TWheelId } from "./draft-model";

export type TWheelRow = {
  wheel_id: TWheelId;
  draft: TWheelDraft;
  draft_hash: string;
  published_version: number;
  spent_total_minor: number;
  awards_total: Record<string, number>;
  updated_at: Date;
};

/**
 * Wheels are created lazily: the first admin read of the settings or a draft (or any other admin
 * wheel route) inserts the settings row and a default draft for each wheel, so existing projects
 * need no data migration. Idempotent under concurrency (ON CONFLICT DO NOTHING).
 */
export async function ensureWheels(tx: TTx, project: Pick<Project, "id" | "name" | "economyConfig">): Promise<void> {
  const at = now();
  const economy = resolveEconomy(project.economyConfig);
  const drafts = WHEEL_IDS.map((id) => {
    const draft = defaultDraft(id, economy, project.name);
    return { wheel_id: id, draft, draft_hash: draftHash(draft) };
  });
  await tx.query(
    `WITH s AS (INSERT INTO wheel_settings (project_id, timezone, created_at, updated_at) VALUES ($1, 'UTC', $2, $2) ON CONFLICT DO NOTHING)
     INSERT INTO wheel (project_id, wheel_id, draft, draft_hash, created_at, updated_at)
     SELECT $1, d.wheel_id, d.draft, d.draft_hash, $2, $2 FROM jsonb_to_recordset($3::jsonb) AS d(wheel_id text, draft jsonb, draft_hash text)
     ON CONFLICT DO NOTHING`,
    [project.id, at, JSON.stringify(drafts)],
  );
}

export async function readWheelRow(tx: TTx, projectId: string, wheelId: TWheelId, opts: { lock?: boolean } = {}): Promise<TWheelRow> {
  const { rows } = await tx.query<Omit<TWheelRow, "spent_total_minor"> & { spent_total_minor: string }>(
    `SELECT wheel_id, draft, draft_hash, published_version, spent_total_minor, awards_total, updated_at FROM wheel
      WHERE project_id = $1 AND wheel_id = $2${opts.lock ? " FOR UPDATE" : ""}`,
    [projectId, wheelId],
  );
  const row = rows[0]!;
  // Stored drafts were validated on write; parsing again applies defaults added since.
  return { ...row, draft: ZWheelDraftSchema.parse(row.draft), spent_total_minor: Number(row.spent_total_minor) };
}

export async function readTimezone(tx: TTx, projectId: string): Promise<string> {
  const { rows } = await tx.query<{ timezone: string }>("SELECT timezone FROM wheel_settings WHERE project_id = $1", [projectId]);
  return rows[0]?.timezone ?? "UTC";
}

/** The calendar day (YYYY-MM-DD) of `at` in the time zone, as PostgreSQL computes it everywhere else. */
export async function readDay(tx: TTx, at: Date, timezone: string): Promise<string> {
  const { rows } = await tx.query<{ day: string }>("SELECT (($1::timestamptz) AT TIME ZONE $2)::date::text AS day", [at, timezone]);
  return rows[0]!.day;
}
