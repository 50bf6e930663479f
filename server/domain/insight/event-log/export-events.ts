import { laggedProjectReads } from "@/server/db/replica";
import { stringify } from "csv-stringify/sync";
import { findOwnedProject } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";
import { checkFilters, eventPageQuery, type TEventFilters, type TEventPosition, type TEventRow } from "./event-filters";

export const EXPORT_COLUMNS = ["id", "created_at", "type", "source", "external_user_id", "session_id", "run_id", "payload"] as const;
export const EXPORT_BATCH_ROWS = 1000;

/**
 * CSV text of rows, quoted by csv-stringify (RFC 4180: fields with a comma, quote or line break
 * are quoted, quotes doubled) and with spreadsheet formulas neutralised per OWASP: a cell that
 * begins with `=`, `+`, `-`, `@`, tab or carriage return (or their full-width forms) gets a
 * leading `'`, so a spreadsheet shows it as text instead of evaluating it.
 */
function csvLines(rows: unknown[][]): string {
  return stringify(rows, { escape_formulas: true, record_delimiter: "\r\n" });
}

function csvRow(e: TEventRow): unknown[] {
  return [e.id, e.created_at.toISOString(), e.type, e.source, e.external_user_id, e.session_id ?? "", e.run_id ?? "", JSON.stringify(e.payload ?? {})];
}

/**
 * The whole filtered log as CSV chunks (the header, then one chunk per keyset batch of
 * `batchRows`), newest first. Memory stays constant whatever the row count: one batch is held at
 * a time, and the next one is only read when the consumer asks for it — a consumer that writes
 * to a socket and waits for it to drain holds the database back when the client reads slowly.
 * Each batch is its own short query on a pooled connection (no transaction or connection is held
 * for the length of a download). Rows inserted during the export with a position after the one
 * reached (older backfills) are included; newer ones are not.
 */
export async function exportEvents(opts: { accountId: string; projectId: string; filters: TEventFilters; batchRows?: number }) {
  const project = await findOwnedProject(opts);
  checkFilters(opts.filters);
  // asked again before every batch: a download lasts as long as its client reads, and a player
  // erased meanwhile must not come back in a later batch from a replica that has not replayed it
  const reads = () => laggedProjectReads(opts.projectId, { namesPlayer: opts.filters.externalUserId !== undefined });
  const batchRows = opts.batchRows ?? EXPORT_BATCH_ROWS;
  const slug = project.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "project";
  const filename = `events-${slug}-${project.id.slice(0, 8)}-${now().toISOString().slice(0, 10)}.csv`;
  async function* chunks(): AsyncGenerator<string> {
    yield csvLines([[...EXPORT_COLUMNS]]);
    let after: TEventPosition | null = null;
    for (;;) {
      const rows: TEventRow[] = (await (await reads()).query<TEventRow>(eventPageQuery(opts.projectId, opts.filters, after, batchRows))).rows;
      if (rows.length === 0) return;
      const last: TEventRow = rows[rows.length - 1]!;
      after = { at: last.created_at, id: last.id };
      yield csvLines(rows.map(csvRow));
      if (rows.length < batchRows) return;
    }
  }
  return { filename, chunks: chunks() };
}
