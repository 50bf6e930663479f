import { serveEventLogCsv } from "../exports/event-log-csv";
import { EXPORT_COLUMNS } from "@/server/domain/insight";
import { err, text, q, p, GET } from "./openapi-parts";
import { definePlainRoute, type TAnyPlainRoute } from "./route";

/** The event log's CSV export, streamed. */
export const EXPORT_ROUTES: readonly TAnyPlainRoute[] = [
  definePlainRoute({
    methods: GET,
    path: "/v1/admin/projects/{project_id}/events/export",
    auth: "admin",
    handler: serveEventLogCsv,
    openapi: {
      tags: ["Admin: event log"],
      summary: "Export the event log as CSV",
      description: `Admin cookie or bearer with verified 2FA; project owner only (404 otherwise). The same filters as the event log (\`event_type\`, \`external_user_id\`, \`since\` inclusive, \`until\` exclusive), every matching row, newest first by (\`created_at\`, \`id\`), with no row cap. Streamed: rows are read in keyset batches of 1000 as the client consumes them, so memory stays constant and a slow client slows the reads, not the server. \`Content-Disposition: attachment\` with \`events-<project name>-<project id prefix>-<YYYY-MM-DD>.csv\`. Columns: ${EXPORT_COLUMNS.map((c) => `\`${c}\``).join(", ")} (\`payload\` is the event's JSON; empty cells for a missing session or run). RFC 4180 quoting (CRLF records; a field with a comma, quote or line break is quoted, quotes doubled). Formula injection is neutralised per OWASP: a cell beginning with \`=\`, \`+\`, \`-\`, \`@\`, tab or carriage return (or a full-width \`＝ ＋ － ＠\`) is prefixed with a single quote \`'\`, so spreadsheets show it as text.`,
      parameters: [p("project_id", "Project id (UUID)"), q("event_type", false, "Only this event type"), q("external_user_id", false, "Only this player"), q("since", false, "RFC 3339 date-time, inclusive"), q("until", false, "RFC 3339 date-time, exclusive; after `since`")],
      responses: { "200": text("CSV, streamed", "text/csv"), "401": err("`unauthorized`"), "403": err("`two_factor_required`"), "404": err("`not_found`"), "422": err("`validation_error` (bad date-time, `since` not before `until`)") },
    },
  }),
];
