import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { config } from "@/server/config/env";
import { checkAddress, isLocalhostName, isLoopbackAddress } from "./outbound-address";

/**
 * Outbound HTTP to integrator-controlled URLs (reward webhooks, the console's "test webhook").
 * The URL is chosen by a tenant, so it is treated as an attack on our network (SSRF):
 *
 * - the host is resolved once, every answer is checked, and the socket connects to exactly the
 *   checked address (it is passed as the connection host, so no second DNS lookup can answer
 *   differently — DNS rebinding); TLS still verifies the certificate against the host name (SNI);
 * - redirects are never followed (a 3xx is just a status, so `Location` cannot point us inward);
 * - one fixed deadline covers DNS, connect, TLS, headers and body;
 * - at most `maxResponseBytes` of the body is read, so a receiver cannot make us buffer or
 *   reflect more than an excerpt.
 */

export type TOutboundReason =
  | "invalid_url"
  | "blocked_address"
  | "dns_failure"
  | "timeout"
  | "connection_failed"
  | "tls_failure"
  | "protocol_error";

// Messages are fixed per reason: they reach tenants (delivery logs, test-webhook results), so
// they never name the resolved address, port or the system error text.
const MESSAGES: Record<TOutboundReason, string> = {
  invalid_url: "The target must be an http or https URL without credentials",
  blocked_address: "The target resolves to an address that webhooks may not reach",
  dns_failure: "The target host name could not be resolved",
  timeout: "The target did not answer in time",
  connection_failed: "The connection to the target failed",
  tls_failure: "The TLS connection to the target failed",
  protocol_error: "The target sent an invalid HTTP response",
};

export class OutboundError extends Error {
  constructor(
    readonly reason: TOutboundReason,
    /** The system error code (ECONNREFUSED, CERT_HAS_EXPIRED...), for operators' logs. */
    readonly code?: string,
  ) {
    super(MESSAGES[reason]);
    this.name = "OutboundError";
  }
}

type TResolvedAddress = { address: string; family: number };
export type TResolve = (hostname: string) => Promise<TResolvedAddress[]>;

export type TSafeRequestOptions = {
  method?: "POST";
  headers: Record<string, string>;
  body: string | Buffer;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Let private, loopback and link-local targets through (development and tests only). */
  allowPrivate?: boolean;
  /**
   * Also let targets on this machine through (127.0.0.0/8, ::1, `localhost`), but not the given
   * ports: local mode (server/config/local-mode.ts). Every other private range stays refused.
   */
  thisMachine?: { refusedPorts: readonly number[] } | null;
  /** Stands in for DNS (tests). Called at most once per request. */
  resolve?: TResolve;
};

export type TOutboundResponse = {
  status: number;
  headers: Record<string, string>;
  bodyExcerpt: string;
  durationMs: number;
  /** The address the request was sent to (the checked one). */
  address: string;
};

const systemResolve: TResolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Keep-alive pools, one per protocol, for throughput (a fast receiver takes thousands of
 * deliveries a second over few sockets). Reuse stays safe because requests connect to the
 * checked IP literal: the agent keys its pool by host:port (plus servername and TLS options for
 * https), so a pooled socket is only ever handed to a later request whose own fresh check pinned
 * that very address — and, for https, the same host name the certificate was verified for.
 */
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 30_000, scheduling: "lifo" as const };
const httpAgent = new http.Agent(AGENT_OPTIONS);
const httpsAgent = new https.Agent(AGENT_OPTIONS);

export async function safeRequest(rawUrl: string, opts: TSafeRequestOptions): Promise<TOutboundResponse> {
  const started = performance.now();
  const url = parseTarget(rawUrl);
  const allowPrivate = opts.allowPrivate ?? config().webhookAllowPrivateTargets;
  const thisMachine = opts.thisMachine === undefined ? localModeTargets() : opts.thisMachine;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const local = thisMachine !== null && !thisMachine.refusedPorts.includes(port);
  if (!allowPrivate && !local && isLocalhostName(hostname)) throw new OutboundError("blocked_address");

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), opts.timeoutMs ?? 10_000);
  try {
    const answers = await untilAborted(resolveHost(hostname, opts.resolve ?? systemResolve), deadline.signal);
    const pinned = pinAddress(answers, allowPrivate, local);
    return await send(url, hostname, pinned, opts, deadline.signal, started);
  } finally {
    clearTimeout(timer);
  }
}

/** In local mode: this machine's receivers, but never the embedded PostgreSQL's or the worker's port. */
function localModeTargets(): { refusedPorts: number[] } | null {
  const c = config();
  return c.localMode ? { refusedPorts: [c.embeddedPg.port, c.workerPort] } : null;
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    // WHATWG parsing normalises every IPv4 spelling (127.1, 2130706433, 0x7f.0.0.1, 0177...) to
    // dotted decimal, so the address check below sees the address the socket would reach.
    url = new URL(raw);
  } catch {
    throw new OutboundError("invalid_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError("invalid_url");
  if (url.username !== "" || url.password !== "" || url.hostname === "") throw new OutboundError("invalid_url");
  return url;
}

async function resolveHost(hostname: string, resolve: TResolve): Promise<TResolvedAddress[]> {
  const family = net.isIP(hostname);
  if (family !== 0) return [{ address: hostname, family }];
  let answers: TResolvedAddress[];
  try {
    answers = await resolve(hostname);
  } catch {
    throw new OutboundError("dns_failure");
  }
  if (answers.length === 0) throw new OutboundError("dns_failure");
  return answers;
}

/**
 * Every answer must pass, not just the one we would use: a name that resolves to a public and a
 * private address is a rebinding setup, and the OS could hand either to a later connection.
 */
function pinAddress(answers: TResolvedAddress[], allowPrivate: boolean, thisMachine: boolean): { address: string; family: 4 | 6 } {
  const verdicts = answers.map((a) => {
    const v = checkAddress(a.address);
    return !v.ok && thisMachine && isLoopbackAddress(a.address) ? { ok: true as const, address: a.address, family: net.isIP(a.address) as 4 | 6 } : v;
  });
  if (allowPrivate) {
    const first = answers[0]!;
    const family = net.isIP(first.address);
    if (family === 0) throw new OutboundError("dns_failure");
    return { address: first.address, family: family as 4 | 6 };
  }
  const pinned = verdicts[0]!;
  if (!pinned.ok || verdicts.some((v) => !v.ok)) throw new OutboundError("blocked_address");
  return { address: pinned.address, family: pinned.family };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new OutboundError("timeout"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new OutboundError("timeout"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

// Framing headers are ours to set: a caller's Host or Content-Length could desynchronise the
// request from its body or aim it at another virtual host than the one that was checked.
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection"]);

function send(
  url: URL,
  hostname: string,
  pinned: { address: string; family: 4 | 6 },
  opts: TSafeRequestOptions,
  signal: AbortSignal,
  started: number,
): Promise<TOutboundResponse> {
  if (signal.aborted) return Promise.reject(new OutboundError("timeout"));
  const secure = url.protocol === "https:";
  const body = typeof opts.body === "string" ? Buffer.from(opts.body, "utf8") : opts.body;
  const maxBytes = opts.maxResponseBytes ?? 2048;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(opts.headers)) {
    if (!RESERVED_HEADERS.has(name.toLowerCase())) headers[name] = value;
  }
  headers["host"] = url.host;
  headers["content-length"] = String(body.length);

  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: OutboundError | null, value?: TOutboundResponse) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(value!);
    };
    const req = (secure ? https : http).request({
      agent: secure ? httpsAgent : httpAgent,
      method: opts.method ?? "POST",
      host: pinned.address,
      family: pinned.family,
      port: Number(url.port) || (secure ? 443 : 80),
      path: url.pathname + url.search,
      headers,
      setHost: false,
      // Never consulted for an IP host; there so a change to `host` cannot bring back a lookup.
      lookup: pinnedLookup(pinned),
      // The certificate is checked against the name the integrator configured, not the IP.
      ...(secure && net.isIP(hostname) === 0 ? { servername: hostname } : {}),
      timeout: opts.timeoutMs ?? 10_000,
    });
    // Settle first: destroying a request mid-body also fires the response's close, which would
    // otherwise report the deadline as a dropped connection.
    const onAbort = () => {
      settle(new OutboundError("timeout"));
      req.destroy();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("timeout", onAbort);
    req.on("error", (e) => settle(classifyError(e)));
    req.on("response", (res) => {
      const decoder = new TextDecoder("utf-8");
      let taken = 0;
      let excerpt = "";
      const done = () =>
        settle(null, {
          status: res.statusCode ?? 0,
          headers: flattenHeaders(res.headers),
          // NUL cannot be stored in PostgreSQL text or jsonb: one in an excerpt failed the whole
          // batch's result statement, so the batch was leased and sent again every lease, for ever
          bodyExcerpt: excerpt.replaceAll("\u0000", "\uFFFD"),
          durationMs: Math.round(performance.now() - started),
          address: pinned.address,
        });
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        const room = maxBytes - taken;
        if (chunk.length > room) {
          // Stream mode leaves a character cut at the limit out instead of emitting U+FFFD.
          excerpt += decoder.decode(chunk.subarray(0, room), { stream: true });
          done();
          // Stop reading: the rest is never buffered (the socket is not reused).
          res.destroy();
          return;
        }
        taken += chunk.length;
        excerpt += decoder.decode(chunk, { stream: true });
      });
      res.on("end", () => {
        if (!settled) excerpt += decoder.decode();
        done();
      });
      res.on("error", (e) => settle(classifyError(e)));
      res.on("close", () => {
        if (!res.complete) settle(new OutboundError("connection_failed"));
      });
    });
    req.end(body);
  });
}

function pinnedLookup(pinned: { address: string; family: 4 | 6 }): net.LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;

function classifyError(e: unknown): OutboundError {
  if (e instanceof OutboundError) return e;
  const code = typeof (e as { code?: unknown })?.code === "string" ? (e as { code: string }).code : undefined;
  if (code?.startsWith("HPE_")) return new OutboundError("protocol_error", code);
  if (code && TLS_CODES.test(code)) return new OutboundError("tls_failure", code);
  if (code === "ETIMEDOUT") return new OutboundError("timeout", code);
  return new OutboundError("connection_failed", code);
}
