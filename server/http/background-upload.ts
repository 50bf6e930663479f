import type { IncomingMessage, ServerResponse } from "node:http";
import { BACKGROUND_LIMITS, resetBackground, uploadBackground } from "@/server/domain/platform";
import { AppError } from "@/server/errors/app-error";
import { authenticateAdmin } from "@/server/auth/admin";
import type { TContext } from "@/server/trpc/context";
import { readBody } from "./body";
import { sendJson } from "./errors";
import { multipartBoundary, parseMultipart } from "./multipart";

/** Room for the multipart framing and a few small fields around the 5 MiB file. */
const MAX_UPLOAD_BODY = BACKGROUND_LIMITS.maxFileBytes + 16 * 1024;

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new AppError("not_found", "Not found");
  }
}

/**
 * PUT …/game-assets/{slot}/background: the admin cookie is checked before a byte of the body is
 * read (so nobody else can make the server buffer 5 MiB), then the multipart body is read within
 * its limit and its `file` part handed to the one domain function.
 */
export async function handleBackgroundUpload(req: IncomingMessage, res: ServerResponse, ctx: TContext, params: Record<string, string>): Promise<void> {
  const { admin } = await authenticateAdmin(ctx, { cookieOnly: true });
  const boundary = multipartBoundary(ctx.header("content-type"));
  const body = await readBody(req, MAX_UPLOAD_BODY);
  ctx.bodyBytes = body.length;
  const files = parseMultipart(body, boundary).filter((p) => p.field === "file");
  if (files.length !== 1) throw new AppError("validation_error", "Send exactly one multipart field named `file`", { details: { reason: "missing_file" } });
  const result = await uploadBackground({
    accountId: admin.accountId,
    projectId: decodeParam(params.project_id!),
    slot: decodeParam(params.slot!),
    file: files[0]!.data,
    requestId: ctx.requestId,
  });
  sendJson(res, 200, result, ctx.responseHeaders);
}

export async function handleBackgroundReset(_req: IncomingMessage, res: ServerResponse, ctx: TContext, params: Record<string, string>): Promise<void> {
  const { admin } = await authenticateAdmin(ctx, { cookieOnly: true });
  const result = await resetBackground({ accountId: admin.accountId, projectId: decodeParam(params.project_id!), slot: decodeParam(params.slot!), requestId: ctx.requestId });
  sendJson(res, 200, result, ctx.responseHeaders);
}
