import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { AppError } from "@/server/errors/app-error";
import { codeForTrpc, ERROR_CODES, type TErrorCode } from "@/server/errors/codes";
import type { TContext } from "./context";

/** Extra procedure metadata: which credential the route takes, for docs and the auth matrix. */
export type TAuthScheme = "none" | "session" | "session_or_query" | "server_key" | "admin" | "admin_bootstrap";
export type TMeta = OpenApiMeta<{ auth?: TAuthScheme; errors?: TErrorCode[] }>;

export type TErrorData = {
  appCode: TErrorCode;
  httpStatus: number;
  requestId: string | undefined;
  details: Record<string, unknown> | undefined;
  issues: Array<{ path: string; message: string }> | undefined;
  headers: Record<string, string> | undefined;
};

/**
 * The one mapping from any error to the contract's error data (code from the table, HTTP status,
 * public details). Used by the tRPC error formatter and by the REST façade alike.
 */
export function errorData(error: TRPCError, requestId: string | undefined): { message: string; data: TErrorData } {
  let appCode: TErrorCode;
  let httpStatus: number;
  let details: Record<string, unknown> | undefined;
  let issues: TErrorData["issues"];
  let headers: Record<string, string> | undefined;
  if (error instanceof AppError) {
    appCode = error.appCode;
    httpStatus = error.status;
    details = error.details;
    headers = error.headers;
  } else if (error.cause instanceof ZodError) {
    appCode = "validation_error";
    httpStatus = 422;
    issues = error.cause.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  } else {
    appCode = codeForTrpc(error.code);
    httpStatus = appCode === "validation_error" ? statusForTransportError(error.code) : ERROR_CODES[appCode].status;
  }
  const message = appCode === "internal_error" ? ERROR_CODES.internal_error.description : appCode === "validation_error" && issues ? "Input validation failed" : error.message;
  return { message, data: { appCode, httpStatus, requestId, details, issues, headers } };
}

const t = initTRPC
  .context<TContext>()
  .meta<TMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const { message, data } = errorData(error, ctx?.requestId);
      return { message, code: shape.code, data };
    },
  });

function statusForTransportError(code: string): number {
  if (code === "PARSE_ERROR" || code === "BAD_REQUEST") return 400;
  if (code === "UNSUPPORTED_MEDIA_TYPE") return 415;
  if (code === "PAYLOAD_TOO_LARGE") return 413;
  return 422;
}

export const router = t.router;
export const middleware = t.middleware;
export const baseProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
export { AppError };
