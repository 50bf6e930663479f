import { laggedProjectReads } from "@/server/db/replica";
import { findOwnedProject } from "@/server/domain/identity";
import { decodeEventCursor, encodeEventCursor } from "./event-cursor";
import { checkFilters, eventPageQuery, type TEventFilters, type TEventRow } from "./event-filters";

function serializeEvent(e: TEventRow) {
  return {
    id: e.id,
    type: e.type,
    source: e.source,
    external_user_id: e.external_user_id,
    session_id: e.session_id,
    run_id: e.run_id,
    payload: (e.payload ?? {}) as Record<string, unknown>,
    created_at: e.created_at.toISOString(),
  };
}

/**
 * One page of a project's event log, newest first, keyset-paginated on (created_at, id). Reads
 * `limit + 1` rows to know whether a next page exists without counting. Events inserted while an
 * admin pages either sort before the position already reached (newer, or the same instant with a
 * higher id) and so belong to pages already read, or after it and are picked up: no row is read
 * twice and none that existed when paging began is skipped.
 */
export async function listEvents(opts: { accountId: string; projectId: string; filters: TEventFilters; limit: number; cursor?: string }) {
  await findOwnedProject(opts);
  checkFilters(opts.filters);
  const reads = await laggedProjectReads(opts.projectId, { namesPlayer: opts.filters.externalUserId !== undefined });
  const after = opts.cursor ? decodeEventCursor(opts.projectId, opts.filters, opts.cursor) : null;
  const { rows } = await reads.query<TEventRow>(eventPageQuery(opts.projectId, opts.filters, after, opts.limit + 1));
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    events: page.map(serializeEvent),
    next_cursor: rows.length > opts.limit && last ? encodeEventCursor(opts.projectId, opts.filters, { at: last.created_at, id: last.id }) : null,
  };
}
