import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { AppError } from "./app-error";
import { ERROR_CODES, type TErrorCode } from "./codes";
import { dependencyDown } from "./dependency-down";

/** How long a client should wait before repeating a request a dependency outage refused. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The edge's half of the error contract: from anything a request can throw to the wire's error
 * data. The domain never imports this file; the REST façade, plain route handlers and the
 * console's tRPC error formatter all do, so the three answer alike.
 */
export type TErrorData = {
  appCode: TErrorCode;
  httpStatus: number;
  requestId: string | undefined;
  details: Record<string, unknown> | undefined;
  issues: Array<{ path: string; message: string }> | undefined;
  headers: Record<string, string> | undefined;
};

/**
 * Transport failures: the request never became valid input. All are `validation_error`; the
 * status tells them apart. The one place these statuses live: our body reader raises them, the
 * tRPC adapter's own codes map to them, and the OpenAPI document lists them on body routes.
 */
export const TRANSPORT_FAILURES = {
  bad_request: { status: 400, trpcCodes: ["PARSE_ERROR", "BAD_REQUEST"] },
  payload_too_large: { status: 413, trpcCodes: ["PAYLOAD_TOO_LARGE"] },
  unsupported_media_type: { status: 415, trpcCodes: ["UNSUPPORTED_MEDIA_TYPE"] },
} as const;
/** A well-formed body that violates the procedure's schema. */
export const SCHEMA_VIOLATION_STATUS = 422;

export type TTransportFailure = keyof typeof TRANSPORT_FAILURES;

export function transportError(kind: TTransportFailure, message: string): AppError {
  return new AppError("validation_error", message, { status: TRANSPORT_FAILURES[kind].status });
}

const transportStatusByTrpc = new Map<string, number>(
  Object.values(TRANSPORT_FAILURES).flatMap((f) => f.trpcCodes.map((code) => [code, f.status] as const)),
);

/** tRPC's own errors (not from an AppError) by their code: the first table entry with that code. */
const codeByTrpc = new Map<string, TErrorCode>();
for (const code of Object.keys(ERROR_CODES) as TErrorCode[]) if (!codeByTrpc.has(ERROR_CODES[code].trpc)) codeByTrpc.set(ERROR_CODES[code].trpc, code);
for (const trpcCode of transportStatusByTrpc.keys()) codeByTrpc.set(trpcCode, "validation_error");
codeByTrpc.set("METHOD_NOT_SUPPORTED", "not_found");

function codeForTrpc(trpcCode: string): TErrorCode {
  return codeByTrpc.get(trpcCode) ?? "internal_error";
}

/** The AppError behind an error, if any: tRPC wraps whatever a procedure or middleware throws. */
export function findAppError(error: unknown): AppError | null {
  let e = error;
  for (let depth = 0; e instanceof TRPCError && depth < 4; depth++) e = e.cause;
  return e instanceof AppError ? e : null;
}

/** The one mapping from any thrown value to the contract's message and error data. */
export function errorData(error: unknown, requestId: string | undefined): { message: string; data: TErrorData } {
  const app = findAppError(error);
  const trpc = error instanceof TRPCError ? error : null;
  let appCode: TErrorCode;
  let httpStatus: number;
  let issues: TErrorData["issues"];
  const down = app ? null : dependencyDown(error);
  if (app) {
    appCode = app.appCode;
    httpStatus = app.status;
  } else if (down) {
    // A dependency that is down is not a bug in the request: 503 naming it, with Retry-After.
    const message = `The ${down} is unavailable; retry in a few seconds (a request with an idempotency key, a command id or a spin id is safe to repeat)`;
    return {
      message,
      data: { appCode: "service_unavailable", httpStatus: ERROR_CODES.service_unavailable.status, requestId, details: { dependency: down }, issues: undefined, headers: { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) } },
    };
  } else if (trpc?.cause instanceof ZodError) {
    appCode = "validation_error";
    httpStatus = SCHEMA_VIOLATION_STATUS;
    issues = trpc.cause.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  } else if (trpc) {
    appCode = codeForTrpc(trpc.code);
    httpStatus = appCode === "validation_error" ? (transportStatusByTrpc.get(trpc.code) ?? SCHEMA_VIOLATION_STATUS) : ERROR_CODES[appCode].status;
  } else {
    appCode = "internal_error";
    httpStatus = ERROR_CODES.internal_error.status;
  }
  const message =
    appCode === "internal_error"
      ? ERROR_CODES.internal_error.description
      : issues
        ? "Input validation failed"
        : (app ?? trpc ?? (error as Error)).message;
  return { message, data: { appCode, httpStatus, requestId, details: app?.details, issues, headers: app?.headers } };
}
