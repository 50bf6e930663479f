import { randomUUID } from "node:crypto";
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { PlayloopError } from "./errors.js";
import type { paths } from "./generated/openapi.js";

/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
/** The JSON body of an operation's 200 answer. */
export type ResponseBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { "application/json": infer R } } } } ? R : never;

type WithOptionalProject<B> = Omit<B, "project_id"> & { project_id?: string };

export type SessionTokenRequest = WithOptionalProject<RequestBody<"/v1/server/session-token", "post">>;
export type SessionToken = ResponseBody<"/v1/server/session-token", "post">;
export type ServerEventRequest = WithOptionalProject<RequestBody<"/v1/server/events", "post">>;
export type BusinessEventRequest = WithOptionalProject<RequestBody<"/v1/server/business-events", "post">>;
export type EventAccepted = ResponseBody<"/v1/server/events", "post">;
export type GrantRequest = Omit<WithOptionalProject<RequestBody<"/v1/economy/grant", "post">>, "idempotency_key"> & { idempotency_key?: string };
export type GrantResult = ResponseBody<"/v1/economy/grant", "post">;
export type RewardStatus = ResponseBody<"/v1/game-runs/{run_id}/reward", "get">;
/** A run's reward status, read as its player: with a session token you hold, or one the SDK issues for `external_user_id` (needs scope session:issue). */
export type RewardStatusRequest = { run_id: string } & ({ session_token: string } | { external_user_id: string; project_id?: string });

/** The typed openapi-fetch client of every /v1 route (types generated from the service's OpenAPI document). */
export type PlayloopApiClient = Client<paths, "application/json">;

export type PlayloopOptions = {
  /** A server API key of the project (`Authorization: Bearer <API key>`); scopes as each method says. */
  apiKey: string;
  /** Where the Playloop service is, e.g. `https://playloop.example.com` (no `/v1`). */
  baseUrl: string;
  /** The project the key belongs to: the default `project_id` of every call. */
  projectId?: string;
  /** Retries of a request that carries an idempotency key, on a network failure or a 500/502/503/504 (default 2; 0 turns them off), with backoff; a 503's Retry-After (a dependency outage) sets the wait, up to 10 s. */
  maxRetries?: number;
  /** A custom fetch (tests, proxies); defaults to the global fetch. */
  fetch?: (input: Request) => Promise<Response>;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
};

export type CallOptions = {
  /** The request's idempotency key; one is generated when omitted (and reused by the SDK's own retries). Reuse your own (an order id…) to make your retries safe too. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

const RETRY_STATUSES = new Set([500, 502, 503, 504]);

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/**
 * The Playloop server SDK: what an integrator's server calls, typed from the service's own OpenAPI
 * document. Every method returns the answer's data or throws a PlayloopError.
 *
 *   const playloop = new Playloop({ apiKey: process.env.PLAYLOOP_API_KEY!, baseUrl: "https://playloop.example.com", projectId });
 *   const { session_token } = await playloop.issueSessionToken({ external_user_id: user.id });
 */
export class Playloop {
  /** The typed openapi-fetch client for every other route: `playloop.api.GET("/v1/…", { params })`. Sends the API key unless the call sets its own Authorization. */
  readonly api: PlayloopApiClient;
  readonly projectId: string | undefined;
  readonly #maxRetries: number;
  readonly #fetch: (input: Request) => Promise<Response>;

  constructor(opts: PlayloopOptions) {
    if (!opts || typeof opts.apiKey !== "string" || opts.apiKey === "") throw new TypeError("new Playloop({ apiKey, baseUrl }): apiKey is required");
    if (typeof opts.baseUrl !== "string" || !/^https?:\/\//.test(opts.baseUrl)) throw new TypeError("new Playloop({ apiKey, baseUrl }): baseUrl must be the service's http(s) address");
    this.projectId = opts.projectId;
    this.#maxRetries = Math.max(0, opts.maxRetries ?? 2);
    this.#fetch = opts.fetch ?? ((req) => globalThis.fetch(req));
    const apiKey = opts.apiKey;
    const auth: Middleware = {
      onRequest({ request }) {
        if (!request.headers.has("authorization")) request.headers.set("authorization", `Bearer ${apiKey}`);
        return request;
      },
    };
    this.api = createClient<paths, "application/json">({
      baseUrl: opts.baseUrl.replace(/\/+$/, "").replace(/\/v1$/, ""),
      fetch: (req) => this.#fetch(req),
      headers: { "user-agent": "playloop-node/0.1.0", ...(opts.headers ?? {}) },
    });
    this.api.use(auth);
  }

  /** Fetch with retries for requests an idempotency key makes safe to repeat. */
  #retrying(): (input: Request) => Promise<Response> {
    return async (input) => {
      for (let attempt = 0; ; attempt++) {
        const last = attempt >= this.#maxRetries;
        let wait = Math.min(2000, 200 * 2 ** attempt);
        try {
          const res = await this.#fetch(last ? input : input.clone());
          if (last || !RETRY_STATUSES.has(res.status)) return res;
          // An outage's 503 says when to come back (Retry-After, seconds): wait that long, at most 10 s.
          const after = Number(res.headers.get("retry-after"));
          if (res.status === 503 && Number.isFinite(after) && after > 0) wait = Math.min(10_000, after * 1000);
          await res.body?.cancel();
        } catch (e) {
          if (last || input.signal?.aborted) throw e;
        }
        await sleep(wait, input.signal);
      }
    };
  }

  #project(projectId: string | undefined): string {
    const id = projectId ?? this.projectId;
    if (!id) throw new TypeError("project_id is required (pass it, or projectId to new Playloop)");
    return id;
  }

  /** Unwraps an openapi-fetch result: the data, or a PlayloopError. */
  #unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
    if (result.response.ok && result.error === undefined) return result.data as T;
    throw PlayloopError.fromResponse(result.response, result.error);
  }

  /**
   * Issues a verified player session (POST /v1/server/session-token; scope `session:issue`) for your
   * signed-in user, to hand to the Playloop loader on your page. `ttl_seconds` 60-86400 (default 3600).
   */
  async issueSessionToken(body: SessionTokenRequest, opts: Pick<CallOptions, "signal"> = {}): Promise<SessionToken> {
    return this.#unwrap(await this.api.POST("/v1/server/session-token", { body: { ...body, project_id: this.#project(body.project_id) }, signal: opts.signal }));
  }

  /**
   * A server-confirmed event (POST /v1/server/events; scope `events:write`), e.g. `streak.server_confirm`.
   * Sent with an `Idempotency-Key` header (generated when not given): a repeat answers `duplicate: true` and records nothing.
   */
  async sendServerEvent(body: ServerEventRequest, opts: CallOptions = {}): Promise<EventAccepted> {
    return this.#unwrap(
      await this.api.POST("/v1/server/events", {
        body: { ...body, project_id: this.#project(body.project_id) },
        headers: { "idempotency-key": opts.idempotencyKey ?? randomUUID() },
        fetch: this.#retrying(),
        signal: opts.signal,
      }),
    );
  }

  /**
   * A business event for analytics (POST /v1/server/business-events; scope `events:write`):
   * `product_click`, `favorite`, `merchant_click`, `purchase`. The route requires an
   * `Idempotency-Key` header (generated when not given); a repeat answers `duplicate: true`.
   */
  async sendBusinessEvent(body: BusinessEventRequest, opts: CallOptions = {}): Promise<EventAccepted> {
    return this.#unwrap(
      await this.api.POST("/v1/server/business-events", {
        body: { ...body, project_id: this.#project(body.project_id) },
        headers: { "idempotency-key": opts.idempotencyKey ?? randomUUID() },
        fetch: this.#retrying(),
        signal: opts.signal,
      }),
    );
  }

  /**
   * Grants (positive `amount`) or debits (negative) a player's resource (POST /v1/economy/grant;
   * scope `economy:grant`) and answers the new balance. `idempotency_key` (in the body, as the
   * route takes it) is generated when not given; a repeat of a key returns the stored result.
   */
  async grant(body: GrantRequest, opts: Pick<CallOptions, "signal"> = {}): Promise<GrantResult> {
    return this.#unwrap(
      await this.api.POST("/v1/economy/grant", {
        body: { ...body, project_id: this.#project(body.project_id), idempotency_key: body.idempotency_key ?? randomUUID() },
        fetch: this.#retrying(),
        signal: opts.signal,
      }),
    );
  }

  /**
   * A run's player-facing reward status (GET /v1/game-runs/{run_id}/reward): `pending`, `checking`,
   * `delayed`, `confirmed`, `unavailable` or `none`. The route answers the run's player only: pass
   * their `session_token`, or `external_user_id` and the SDK issues a short session for them
   * first (scope `session:issue`; counts against the session issuer's limit).
   */
  async getRewardStatus(req: RewardStatusRequest, opts: Pick<CallOptions, "signal"> = {}): Promise<RewardStatus> {
    const token =
      "session_token" in req
        ? req.session_token
        : (await this.issueSessionToken({ external_user_id: req.external_user_id, project_id: req.project_id, ttl_seconds: 60 }, opts)).session_token;
    return this.#unwrap(
      await this.api.GET("/v1/game-runs/{run_id}/reward", {
        params: { path: { run_id: req.run_id } },
        headers: { authorization: `Bearer ${token}` },
        signal: opts.signal,
      }),
    );
  }
}

/** Same as `new Playloop(opts)`. */
export function createPlayloop(opts: PlayloopOptions): Playloop {
  return new Playloop(opts);
}
