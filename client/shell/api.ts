// HTTP client for the player API. One place for auth, timeouts and retries:
// - network errors, 5xx and 429 are retried with backoff (429 honours
//   Retry-After); a retried command reuses its command_id and sequence, so
//   the server answers with the stored response instead of applying it twice;
// - 401 asks the parent page for a fresh token once, then retries;
// - everything else surfaces as ApiError {status, code} for the screens.
import { language } from "../shared/i18n";
import type { CommandResponse, GameRun, Lobby, SpendResult, Wallet, WheelInfo, WheelSpin } from "../shared/types";

export class ApiError extends Error {
  constructor(
    readonly status: number, // 0 = network / timeout
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

export type PendingCommand = { command_id: string; sequence: number; action: string; payload: Record<string, unknown> };
export type StartBody = { start_id: string; intent?: "next"; level_number?: number; replace_active?: boolean; expected_mechanic?: string; supported_game_versions: number[][] };

type ApiOptions = {
  base: string;
  release: string;
  /** Asks the parent for a new token; resolves true when one arrived. */
  refreshToken: () => Promise<boolean>;
  onError?: (e: ApiError, path: string) => void;
};

const TIMEOUT_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const retryable = (e: ApiError) => e.status === 0 || e.status === 429 || e.status === 502 || e.status === 503 || e.status === 504 || e.status === 500;

export function createApi(opts: ApiOptions) {
  let token = "";

  async function once<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const ctrl = typeof AbortController === "function" ? new AbortController() : null;
    const timer = setTimeout(() => ctrl?.abort(), TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(opts.base + path, {
        method,
        // the shell's language: answers that carry player-facing text follow it (codes never do)
        headers: { Accept: "application/json", "Accept-Language": language(), Authorization: `Bearer ${token}`, ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        // the API authenticates by bearer token only; never send ambient cookies
        credentials: "omit",
        cache: "no-store",
        signal: ctrl?.signal,
      });
    } catch (err) {
      throw new ApiError(0, "network_error", err instanceof Error ? err.message : "network error");
    } finally {
      clearTimeout(timer);
    }
    let data: unknown = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    if (res.ok && data && typeof data === "object") return data as T;
    const err = (data && typeof data === "object" ? data : {}) as { code?: unknown; message?: unknown; details?: unknown };
    const retryAfter = Number(res.headers.get("Retry-After"));
    throw new ApiError(
      res.ok ? 0 : res.status,
      typeof err.code === "string" ? err.code : res.ok ? "bad_response" : `http_${res.status}`,
      typeof err.message === "string" ? err.message : res.statusText,
      err.details && typeof err.details === "object" ? (err.details as Record<string, unknown>) : {},
      Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : 0,
    );
  }

  /** Same request again on transient failures; the body is reused verbatim (idempotency keys inside). */
  async function call<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>, attempts = 4): Promise<T> {
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await once<T>(method, path, body, headers);
      } catch (e) {
        const err = e as ApiError;
        if (err.status === 401 && !refreshed) {
          refreshed = true;
          if (await opts.refreshToken()) {
            attempt--;
            continue;
          }
        }
        if (!retryable(err) || attempt >= attempts) {
          opts.onError?.(err, path);
          throw err;
        }
        const backoff = err.retryAfterMs || Math.min(4000, 400 * 2 ** (attempt - 1)) + Math.random() * 200;
        await sleep(backoff);
      }
    }
  }

  return {
    setToken(t: string) {
      token = t;
    },
    hasToken: () => token !== "",
    lobby: () => call<Lobby>("GET", "/v1/lobby"),
    startRun: (body: StartBody) => call<GameRun>("POST", "/v1/game-runs", body),
    getRun: (runId: string) => call<GameRun>("GET", `/v1/game-runs/${encodeURIComponent(runId)}`),
    /** The player-facing status of the run's reward (never a reason): none, pending, checking, delayed, confirmed, unavailable. */
    rewardStatus: (runId: string) => call<{ status: string; message: string | null }>("GET", `/v1/game-runs/${encodeURIComponent(runId)}/reward`),
    command: (runId: string, cmd: PendingCommand) =>
      call<CommandResponse>("POST", `/v1/game-runs/${encodeURIComponent(runId)}/commands`, cmd, { "X-Service-Client-Version": opts.release }),
    wallet: () => call<Wallet>("GET", "/v1/economy/balances", undefined, undefined, 2),
    /** One idempotency key per purchase: a retried request buys once and answers the same token. */
    spend: (body: { booster_id: string; idempotency_key: string }) => call<SpendResult>("POST", "/v1/economy/spend", body),
    wheel: (wheelId: string) => call<WheelInfo>("GET", `/v1/wheel?wheel_id=${encodeURIComponent(wheelId)}`),
    /** spin_id is chosen once per press: a retried request answers the same spin, never a second one. */
    spin: (body: { spin_id: string; wheel_id: string; wheel_version: number; source: string }) => call<WheelSpin>("POST", "/v1/wheel/spins", body),
    seen: (spinId: string) => call<WheelSpin>("POST", `/v1/wheel/spins/${encodeURIComponent(spinId)}/seen`),
    telemetry(body: string) {
      // keepalive lets a report survive the iframe being closed
      void fetch(`${opts.base}/v1/client-telemetry`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body,
        credentials: "omit",
        keepalive: true,
      }).catch(() => undefined);
    },
  };
}

export type Api = ReturnType<typeof createApi>;
