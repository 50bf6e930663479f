import { TRPCError } from "@trpc/server";
import { ERROR_CODES, type TErrorCode } from "./codes";

/**
 * The one error class of the domain layer. `details` are public, safe fields merged into the JSON
 * error body (for example `reason` of mechanic_unavailable); never put internals there.
 */
export class AppError extends TRPCError {
  readonly appCode: TErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: TErrorCode,
    message?: string,
    opts: { details?: Record<string, unknown>; status?: number; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    const def = ERROR_CODES[code];
    super({ code: def.trpc, message: message ?? def.description, cause: opts.cause });
    // trpc-to-openapi recognises tRPC errors by name; renaming would turn every AppError into a 500.
    this.appCode = code;
    this.status = opts.status ?? def.status;
    this.details = opts.details;
    this.headers = opts.headers;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
