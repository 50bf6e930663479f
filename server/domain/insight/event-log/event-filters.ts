import { AppError } from "@/server/errors/app-error";

/** The event log's filters, shared by the paged list and the CSV export. */
export type TEventFilters = {
  eventType?: string;
  externalUserId?: string;
  since?: Date;
  until?: Date;
};

/** A position in the log: the last row of a page, in (created_at, id) descending order. */
export type TEventPosition = { at: Date; id: string };

/**
 * The WHERE clause of a log query: the project, the filters, and (for a later page or batch) the
 * rows strictly after `after` in (created_at DESC, id DESC) order. The row comparison is what
 * lets PostgreSQL continue a backward scan of the (…, created_at, id) index from that point.
 */
function eventWhere(projectId: string, f: TEventFilters, after: TEventPosition | null): { sql: string; values: unknown[] } {
  const values: unknown[] = [projectId];
  const parts = ["project_id = $1::uuid"];
  const add = (clause: (n: string) => string, value: unknown) => {
    values.push(value);
    parts.push(clause(`$${values.length}`));
  };
  if (f.eventType !== undefined) add((n) => `type = ${n}`, f.eventType);
  if (f.externalUserId !== undefined) add((n) => `external_user_id = ${n}`, f.externalUserId);
  if (f.since) add((n) => `created_at >= ${n}`, f.since);
  if (f.until) add((n) => `created_at < ${n}`, f.until);
  if (after) {
    values.push(after.at, after.id);
    parts.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::bigint)`);
  }
  return { sql: parts.join(" AND "), values };
}

/** `since` < `until` when both are given: an empty window is a mistake, not an empty log. */
export function checkFilters(f: TEventFilters): void {
  if (f.since && f.until && f.since.getTime() >= f.until.getTime()) throw new AppError("validation_error", "since must be before until");
}

export type TEventRow = {
  id: string;
  type: string;
  source: string;
  external_user_id: string;
  session_id: string | null;
  run_id: string | null;
  payload: unknown;
  created_at: Date;
};

const EVENT_COLUMNS = "id::text AS id, type, source, external_user_id, session_id, run_id::text AS run_id, payload, created_at";

/**
 * One keyset batch: at most `limit` rows after `after`, newest first. The ORDER BY names the
 * table's columns: a bare `id` would mean the text `id` of the select list and sort "6" after "26".
 */
export function eventPageQuery(projectId: string, f: TEventFilters, after: TEventPosition | null, limit: number) {
  const where = eventWhere(projectId, f, after);
  return {
    text: `SELECT ${EVENT_COLUMNS} FROM player_event WHERE ${where.sql} ORDER BY player_event.created_at DESC, player_event.id DESC LIMIT ${Math.trunc(limit)}`,
    values: where.values,
  };
}
