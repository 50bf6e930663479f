import type { ServerResponse } from "node:http";
import { ERROR_CODES, type TErrorCode } from "@/server/errors/codes";
import type { AppError } from "@/server/errors/app-error";

/** The wire shape of every JSON error: `{ code, message, request_id, ...details, issues? }`. */
export type TErrorBody = {
  code: TErrorCode;
  message: string;
  request_id: string;
  issues?: Array<{ path: string; message: string }>;
  [detail: string]: unknown;
};

export function errorBody(
  code: TErrorCode,
  message: string,
  requestId: string,
  extra?: { details?: Record<string, unknown>; issues?: TErrorBody["issues"] },
): TErrorBody {
  return {
    ...(extra?.details ?? {}),
    code,
    message,
    request_id: requestId,
    ...(extra?.issues ? { issues: extra.issues } : {}),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Iterable<[string, string]>): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  if (headers) for (const [k, v] of headers) res.appendHeader(k, v);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(payload));
  res.end(payload);
}

export function sendAppError(res: ServerResponse, e: AppError, requestId: string, headers: Array<[string, string]> = []): void {
  sendJson(
    res,
    e.status,
    errorBody(e.appCode, e.appCode === "internal_error" ? ERROR_CODES.internal_error.description : e.message, requestId, {
      details: e.details,
    }),
    [...headers, ...Object.entries(e.headers ?? {})],
  );
}
