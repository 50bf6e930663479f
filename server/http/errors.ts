import type { ServerResponse } from "node:http";
import type { TErrorCode } from "@/server/errors/codes";
import { errorData, type TErrorData } from "@/server/errors/wire-error";
import { preparedJson } from "@/server/lib/prepared-json";
import { reportOutage } from "@/server/logging/outage";

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
  const payload = preparedJson(body) ?? JSON.stringify(body);
  res.statusCode = status;
  if (headers) for (const [k, v] of headers) res.appendHeader(k, v);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(payload));
  res.end(payload);
}

/**
 * Writes any thrown value as the contract's JSON error (status, body, its own headers such as
 * Retry-After after the request's `headers`, for example Set-Cookie). Returns the error data so
 * the caller can log internal errors.
 */
export function sendError(res: ServerResponse, error: unknown, requestId: string, headers: Iterable<[string, string]> = []): TErrorData {
  const { message, data } = errorData(error, requestId);
  if (data.appCode === "service_unavailable" && typeof data.details?.dependency === "string") reportOutage(data.details.dependency, error, requestId);
  sendJson(res, data.httpStatus, errorBody(data.appCode, message, requestId, { details: data.details, issues: data.issues }), [
    ...headers,
    ...Object.entries(data.headers ?? {}),
  ]);
  return data;
}
