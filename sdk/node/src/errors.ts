import { ERROR_STATUS, type PlayloopErrorCode } from "./generated/constants.js";

export type { PlayloopErrorCode } from "./generated/constants.js";

/** True when `code` is one of the service's error codes (the table the SDK was generated from). */
export function isPlayloopErrorCode(code: unknown): code is PlayloopErrorCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(ERROR_STATUS, code);
}

/** The code of an answer whose body named none the SDK knows (a proxy's HTML page, a newer server's code). */
function codeForStatus(status: number): PlayloopErrorCode {
  if (status === 400 || status === 413 || status === 415 || status === 422) return "validation_error";
  if (status === 401) return "unauthorized";
  if (status === 402) return "plan_limit_reached";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limited";
  if (status === 501) return "not_implemented";
  if (status === 502 || status === 503 || status === 504) return "service_unavailable";
  return "internal_error";
}

/**
 * An error answer of the Playloop API (any non-2xx). `code` is the stable machine code of the
 * service's error table; `details` holds the answer's other public fields (for example `issues`
 * of a 422, `reason`, `balance` and `needed` of `insufficient_balance`).
 */
export class PlayloopError extends Error {
  override readonly name = "PlayloopError";
  /** The HTTP status. */
  readonly status: number;
  /** The stable error code (see the API reference's error table). */
  readonly code: PlayloopErrorCode;
  /** The answer's `request_id` (also its X-Request-Id header): quote it when asking for support. */
  readonly request_id: string | null;
  /** Every other field of the error body. */
  readonly details: Record<string, unknown>;
  /** Seconds from the Retry-After header of a 429 or 503, when given. */
  readonly retry_after: number | null;
  /** The code exactly as the body said it, when it is not one the SDK knows (else null). */
  readonly raw_code: string | null;

  constructor(init: { status: number; code: PlayloopErrorCode; message: string; request_id?: string | null; details?: Record<string, unknown>; retry_after?: number | null; raw_code?: string | null }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.request_id = init.request_id ?? null;
    this.details = init.details ?? {};
    this.retry_after = init.retry_after ?? null;
    this.raw_code = init.raw_code ?? null;
  }

  /** Builds the error of a non-2xx answer from its status, headers and (parsed or text) body. */
  static fromResponse(response: Response, body: unknown): PlayloopError {
    const obj = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const { code: bodyCode, message, request_id: bodyRequestId, ...details } = obj ?? {};
    const known = isPlayloopErrorCode(bodyCode);
    const retryAfter = Number(response.headers.get("retry-after"));
    const text = typeof body === "string" ? body.trim().slice(0, 200) : "";
    return new PlayloopError({
      status: response.status,
      code: known ? bodyCode : codeForStatus(response.status),
      message: typeof message === "string" ? message : text || `HTTP ${response.status} ${response.statusText}`.trim(),
      request_id: typeof bodyRequestId === "string" ? bodyRequestId : response.headers.get("x-request-id"),
      details: obj ? details : {},
      retry_after: Number.isFinite(retryAfter) && retryAfter >= 0 && response.headers.has("retry-after") ? retryAfter : null,
      raw_code: !known && typeof bodyCode === "string" ? bodyCode : null,
    });
  }
}
