import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { exportEvents } from "@/server/domain/insight";
import { AppError } from "@/server/errors/app-error";
import { ZEventFilterSchema } from "@/server/routers/event-log/event-log.types";
import type { TPlainRequest } from "../plain-routes/route";

/**
 * GET /v1/admin/projects/{project_id}/events/export: the event log as a CSV attachment. A plain
 * route because the body is a stream of CSV, not JSON; it authenticates like every admin route
 * (cookie session or bearer, verified 2FA) and validates its query with the list's own schema,
 * so the filters mean exactly the same thing. Everything that can fail with a JSON error
 * (credential, query, ownership) is checked before the first byte; the rows then flow from the
 * domain's keyset batches into the socket with backpressure (`highWaterMark: 1`: at most one
 * chunk read ahead of what the socket accepted), so a slow client holds the database back
 * instead of the server buffering the log.
 */
export async function serveEventLogCsv(_req: IncomingMessage, res: ServerResponse, { ctx, url, params, authenticate }: TPlainRequest<"admin">): Promise<void> {
  const { admin } = await authenticate();
  const parsed = ZEventFilterSchema.safeParse({ ...Object.fromEntries(url.searchParams), project_id: params.project_id });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new AppError("validation_error", "Invalid query", { details: { issues } });
  }
  const q = parsed.data;
  const { filename, chunks } = await exportEvents({
    accountId: admin.accountId,
    projectId: q.project_id,
    filters: { eventType: q.event_type, externalUserId: q.external_user_id, since: q.since ? new Date(q.since) : undefined, until: q.until ? new Date(q.until) : undefined },
  });
  for (const [k, v] of ctx.responseHeaders) res.appendHeader(k, v);
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${filename}"`);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  try {
    await pipeline(Readable.from(chunks, { objectMode: false, highWaterMark: 1 }), res);
  } catch (e) {
    // The client went away mid-download: the pipeline has stopped the generator (no more batches).
    if (res.destroyed && (e as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw e;
  }
}
