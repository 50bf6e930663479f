import { ERROR_CODES, type TErrorCode } from "./codes";

/**
 * The one error class of the domain layer. It knows nothing of any transport: the edges (the REST
 * façade, the console's tRPC formatter, plain route handlers) map it to the wire through
 * server/errors/wire-error.ts. `details` are public, safe fields merged into the JSON error body
 * (for example `reason` of mechanic_unavailable); never put internals there.
 */
export class AppError extends Error {
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
    super(message ?? def.description, { cause: opts.cause });
    this.name = "AppError";
    this.appCode = code;
    this.status = opts.status ?? def.status;
    this.details = opts.details;
    this.headers = opts.headers;
  }
}
