import {
  verifyWebhookSignature,
  WebhookVerificationError,
  type PlayloopWebhookEvent,
  type VerifiedWebhookSignature,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookSecrets,
} from "./webhooks.js";

/** What a receiver's handler gets beside the event. */
export type WebhookDelivery = VerifiedWebhookSignature & {
  /**
   * The event's `idempotency_key`. A delivery may arrive more than once (retries, a manual
   * re-send): grant at most once per key, e.g. under a unique constraint written in the same
   * transaction as the reward. Returning normally answers 2xx for a duplicate too.
   */
  idempotency_key: string;
  /**
   * A test delivery (the console's test, a receiver check: `webhook.test`, `"test": true` in the
   * signed body): grant nothing, but answer as for any other (the same `grant_id` for a repeat of its
   * key). Read from the signed body only: the X-Service-Test header is not signed, so anyone who
   * replays a real reward within the signature's tolerance could add it and have it taken for a test.
   */
  test: boolean;
};

export type WebhookHandlerOptions = VerifyWebhookOptions & {
  /** The project's webhook secret; several (or `{ version: secret }`) during a rotation. */
  secrets: WebhookSecrets;
  /**
   * Called once a delivery verifies. Throwing answers 500, and Playloop retries the delivery later.
   * Return the id of what you recorded for the idempotency key (a string or number, or
   * `{ grant_id }`): it is echoed as `grant_id` in the answer, so Playloop's receiver check can
   * tell a redelivery that granted nothing from one that granted twice.
   */
  onEvent: (event: PlayloopWebhookEvent, delivery: WebhookDelivery) => unknown | Promise<unknown>;
  /** Called when a delivery is refused (401); for logging. */
  onRejected?: (error: WebhookVerificationError) => void;
  /** Called when onEvent threw (Next.js handler; the Express one passes it to `next`). Default: console.error. */
  onError?: (error: unknown) => void;
  /** Largest body read (default 1 MiB). */
  maxBodyBytes?: number;
};

type THandled = { status: number; body: Record<string, unknown>; error?: unknown };

/** What onEvent returned as the id of its grant: a string, a number, or `{ grant_id }`. */
function grantIdOf(returned: unknown): string | null {
  const v = returned && typeof returned === "object" ? (returned as { grant_id?: unknown }).grant_id : returned;
  return (typeof v === "string" && v !== "") || (typeof v === "number" && Number.isFinite(v)) ? String(v) : null;
}

/** The shared core of the adapters: verify, parse, call onEvent, and say what to answer. */
async function handle(raw: Uint8Array, headers: WebhookHeaders, opts: WebhookHandlerOptions): Promise<THandled> {
  let verified: VerifiedWebhookSignature;
  try {
    verified = verifyWebhookSignature(raw, headers, opts.secrets, opts);
  } catch (e) {
    if (!(e instanceof WebhookVerificationError)) throw e;
    opts.onRejected?.(e);
    return { status: 401, body: { error: "invalid_signature", reason: e.reason } };
  }
  let event: PlayloopWebhookEvent;
  try {
    event = JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("utf8")) as PlayloopWebhookEvent;
  } catch {
    return { status: 400, body: { error: "invalid_json" } };
  }
  // Both from the signed body, never from the unsigned headers that repeat them.
  const key = typeof event?.idempotency_key === "string" && event.idempotency_key !== "" ? event.idempotency_key : null;
  if (!key) return { status: 400, body: { error: "missing_idempotency_key" } };
  const test = event.event === "webhook.test" || event.test === true;
  let returned: unknown;
  try {
    returned = await opts.onEvent(event, { ...verified, idempotency_key: key, test });
  } catch (error) {
    return { status: 500, body: { error: "not_processed" }, error };
  }
  const grantId = grantIdOf(returned);
  return { status: 200, body: { status: "ok", ...(grantId !== null ? { grant_id: grantId } : {}) } };
}

class BodyTooLarge extends Error {}

async function readStream(stream: AsyncIterable<Uint8Array | string>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
    size += b.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** The parts of an Express (or plain Node) request the handler reads. */
export type ExpressLikeRequest = {
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The raw body from `express.raw({ type: "application/json" })`; when no body parser ran, the stream is read. */
  body?: unknown;
  readableEnded?: boolean;
} & Partial<AsyncIterable<Uint8Array | string>>;

/** The parts of an Express (or plain Node) response the handler writes. */
export type ExpressLikeResponse = {
  statusCode: number;
  headersSent?: boolean;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
};

export type ExpressLikeNext = (err?: unknown) => void;

/**
 * An Express (or Connect, or plain `node:http`) webhook receiver. It needs the raw body: mount it
 * with `express.raw({ type: "application/json" })` (not express.json(), whose re-serialised body
 * never verifies):
 *
 *   app.post("/webhooks/playloop", express.raw({ type: "application/json" }), playloopWebhook({
 *     secrets: process.env.PLAYLOOP_WEBHOOK_SECRET!,
 *     onEvent: async (event, { idempotency_key }) => { await grantOnce(idempotency_key, event); },
 *   }));
 *
 * Answers 401 when the signature does not verify, 200 once onEvent returned; an onEvent error goes
 * to `next(err)` (your error handler answers 5xx and Playloop retries).
 */
export function playloopWebhook(opts: WebhookHandlerOptions) {
  const limit = opts.maxBodyBytes ?? 1024 * 1024;
  return async function playloopWebhookHandler(req: ExpressLikeRequest, res: ExpressLikeResponse, next?: ExpressLikeNext): Promise<void> {
    const reply = (status: number, body: Record<string, unknown>) => {
      res.statusCode = status;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
    try {
      let raw: Uint8Array;
      if (req.body instanceof Uint8Array) raw = req.body;
      else if (typeof req.body === "string") raw = Buffer.from(req.body, "utf8");
      else if (req.body !== undefined && req.body !== null && !(typeof req.body === "object" && Object.keys(req.body).length === 0 && req.readableEnded === false)) {
        throw new TypeError('playloopWebhook needs the raw body: mount express.raw({ type: "application/json" }) on this route instead of express.json()');
      } else if (typeof req[Symbol.asyncIterator] === "function") {
        try {
          raw = await readStream(req as AsyncIterable<Uint8Array | string>, limit);
        } catch (e) {
          if (e instanceof BodyTooLarge) return reply(413, { error: "too_large" });
          throw e;
        }
      } else throw new TypeError("playloopWebhook found no request body to read");
      const result = await handle(raw, req.headers, opts);
      if (result.status === 500 && next) return next(result.error);
      return reply(result.status, result.body);
    } catch (e) {
      if (next) return next(e);
      if (!res.headersSent) reply(500, { error: "not_processed" });
    }
  };
}

/**
 * A Next.js route handler (app router, Node.js runtime) receiving webhooks:
 *
 *   // app/api/webhooks/playloop/route.ts
 *   export const runtime = "nodejs";
 *   export const POST = nextWebhookHandler({ secrets: process.env.PLAYLOOP_WEBHOOK_SECRET!, onEvent });
 *
 * Reads the raw body with `await req.arrayBuffer()`; answers 401 when it does not verify, 200
 * once onEvent returned, 500 when onEvent threw (Playloop retries later).
 */
export function nextWebhookHandler(opts: WebhookHandlerOptions): (req: Request) => Promise<Response> {
  const limit = opts.maxBodyBytes ?? 1024 * 1024;
  const json = (status: number, body: Record<string, unknown>) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  return async (req: Request) => {
    if (req.method !== "POST") return json(405, { error: "method_not_allowed" });
    const declared = Number(req.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > limit) return json(413, { error: "too_large" });
    const raw = new Uint8Array(await req.arrayBuffer());
    if (raw.byteLength > limit) return json(413, { error: "too_large" });
    const result = await handle(raw, req.headers, opts);
    if (result.status === 500) (opts.onError ?? ((e) => console.error("[playloop] webhook onEvent failed:", e)))(result.error);
    return json(result.status, result.body);
  };
}
