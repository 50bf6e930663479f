import { z } from "zod";
import { EMBEDDED_DB_NAME, EMBEDDED_DB_USER } from "./embedded-db";
import { localModeProblem } from "./local-mode";
import { parseTrustedProxies } from "./trusted-proxies";

/**
 * The one place that reads process.env. Every value is parsed at start-up; a bad value stops the
 * process with a message naming the variable, instead of failing later on the first request.
 */
const bool = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["1", "true", "yes", "on"].includes(v)));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be an integer between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

const url = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error();
        return v;
      } catch {
        ctx.addIssue({ code: "custom", message: `must be a ${protocols.join(" or ")} URL` });
        return z.NEVER;
      }
    });

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: int(3000, 1, 65535),
  WORKER_PORT: int(3001, 0, 65535),
  DATABASE_URL: url(["postgres:", "postgresql:"]),
  DATABASE_POOL_SIZE: int(10, 1, 200),
  DATABASE_READ_LANE_SIZE: int(2, 1, 16),
  DATABASE_WRITE_LANE_SIZE: int(4, 1, 16),
  /** A streaming replica for the heavy reads that tolerate lag (analytics, event log, CSV export, billing usage); unset: they read the primary. */
  DATABASE_READ_URL: url(["postgres:", "postgresql:"]),
  EMBEDDED_PG_DIR: z.string().default("data/postgres"),
  EMBEDDED_PG_PORT: int(54329, 1, 65535),
  REDIS_URL: url(["redis:", "rediss:"]),
  PUBLIC_BASE_URL: url(["http:", "https:"]),
  ADMIN_ORIGINS: z.string().default(""),
  TRUSTED_PROXIES: z.string().default(""),
  DEMO_ENDPOINTS: z.string().optional(),
  ALLOW_SIGNUP: z.string().optional(),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool(false),
  SERVE_CONSOLE: bool(true),
  WEBHOOK_TIMEOUT_SECONDS: int(10, 1, 60),
  WEBHOOK_WAKE_GATHER_MS: int(200, 0, 1000),
  WEBHOOK_POLL_MS: int(2000, 100, 600_000),
  ADMIN_SESSION_TTL_SECONDS: int(3600, 300, 86400),
  /** How long a stopping web instance keeps serving while /v1/ready says it is draining; -1: the default (5 s in production, 0 elsewhere). */
  SHUTDOWN_DRAIN_MS: int(-1, 0, 120_000),
  APP_SECRET: z.string().optional(),
  /** Enables GET /metrics (Prometheus) on the web and worker ports for `Authorization: Bearer <token>`; unset: no metrics endpoint. */
  METRICS_TOKEN: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RESPONSE_CHECK: z.enum(["strict", "off"]).optional(),
  TX_GUARD: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(["none", "fake", "stripe"]).default("none"),
  PAYMENT_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_API_BASE: url(["https:", "http:"]),
  /** Set by `npm start` only, for the embedded default on one's own machine (server/config/local-mode.ts). */
  PLAYLOOP_LOCAL_MODE: z.enum(["1"]).optional(),
  BILLING_DUE_DAYS: int(14, 0, 90),
  BILLING_GRACE_DAYS: int(7, 0, 90),
  /** Raw player events are kept this many months, then their month's partition is dropped (at least 4: analytics reads 90 days of them). */
  EVENT_RETENTION_MONTHS: int(13, 4, 240),
  /** Console sign-in through the company's OpenID Connect provider (server/auth/sso): its issuer, and this service's client there. All three or none. */
  ADMIN_SSO_ISSUER: url(["https:", "http:"]),
  ADMIN_SSO_CLIENT_ID: z.string().optional(),
  ADMIN_SSO_CLIENT_SECRET: z.string().optional(),
  /** What the sign-in button says after "Sign in with" (default: "single sign-on"). */
  ADMIN_SSO_NAME: z.string().max(40).optional(),
});

export type TConfig = ReturnType<typeof buildConfig>;

function buildConfig(raw: z.output<typeof ZEnvSchema>, env: Record<string, string | undefined>) {
  const production = raw.NODE_ENV === "production";
  const localMode = raw.PLAYLOOP_LOCAL_MODE === "1";
  if (localMode) {
    const problem = localModeProblem(env, { port: raw.EMBEDDED_PG_PORT, user: EMBEDDED_DB_USER, database: EMBEDDED_DB_NAME });
    if (problem) throw new ConfigError("PLAYLOOP_LOCAL_MODE", `is only for the embedded default that npm start runs on one's own machine, and ${problem}`);
  }
  // The scheme in lower case: what marks the admin cookie Secure reads it (`HTTPS://…` is https).
  const publicBaseUrl = (raw.PUBLIC_BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "").replace(/^[a-z]+:/i, (scheme) => scheme.toLowerCase());
  const publicOrigin = new URL(publicBaseUrl).origin;
  const adminOrigins = [
    publicOrigin,
    // On one's own machine the console works at localhost and at 127.0.0.1 alike.
    ...(localMode ? [`http://localhost:${raw.PORT}`, `http://127.0.0.1:${raw.PORT}`] : []),
    ...raw.ADMIN_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean).map((o) => new URL(o).origin),
  ];
  if (production && !raw.APP_SECRET) throw new ConfigError("APP_SECRET", "is required in production (at least 32 characters)");
  if (production && !raw.PUBLIC_BASE_URL) {
    throw new ConfigError("PUBLIC_BASE_URL", "is required in production: admin cookies are marked Secure and admin and player Origin checks compare with it (for example https://play.example.com)");
  }
  if (raw.APP_SECRET !== undefined && raw.APP_SECRET.length < 32) throw new ConfigError("APP_SECRET", "must be at least 32 characters");
  if (raw.METRICS_TOKEN !== undefined && raw.METRICS_TOKEN !== "" && raw.METRICS_TOKEN.length < 24) throw new ConfigError("METRICS_TOKEN", "must be at least 24 characters (it guards /metrics)");
  if (production && raw.WEBHOOK_ALLOW_PRIVATE_TARGETS) {
    throw new ConfigError("WEBHOOK_ALLOW_PRIVATE_TARGETS", "may only be enabled outside production");
  }
  if (raw.PAYMENT_PROVIDER === "stripe" && (!raw.STRIPE_SECRET_KEY || !raw.PAYMENT_WEBHOOK_SECRET)) {
    throw new ConfigError("PAYMENT_PROVIDER", "stripe needs STRIPE_SECRET_KEY and PAYMENT_WEBHOOK_SECRET (the endpoint's signing secret)");
  }
  if (production && raw.PAYMENT_PROVIDER === "fake") throw new ConfigError("PAYMENT_PROVIDER", "fake is for development and tests only");
  const ssoParts = [raw.ADMIN_SSO_ISSUER, raw.ADMIN_SSO_CLIENT_ID, raw.ADMIN_SSO_CLIENT_SECRET].filter((v) => v !== undefined && v !== "").length;
  if (ssoParts !== 0 && ssoParts !== 3) throw new ConfigError("ADMIN_SSO_ISSUER", "needs ADMIN_SSO_CLIENT_ID and ADMIN_SSO_CLIENT_SECRET beside it (all three or none)");
  // Parsed, not compared as text: `HTTP://…` is http too (discovery and keys in cleartext).
  const ssoIssuer = raw.ADMIN_SSO_ISSUER ? new URL(raw.ADMIN_SSO_ISSUER) : undefined;
  if (production && ssoIssuer && ssoIssuer.protocol !== "https:") throw new ConfigError("ADMIN_SSO_ISSUER", "must be https in production");
  const flag = (name: string, value: string | undefined, fallback: boolean) => {
    const parsed = bool(fallback).safeParse(value);
    if (!parsed.success) throw new ConfigError(name, "must be true or false");
    return parsed.data;
  };
  return {
    nodeEnv: raw.NODE_ENV,
    production,
    /** The embedded default on one's own machine: webhooks may go to this machine (server/config/local-mode.ts). */
    localMode,
    host: raw.HOST,
    port: raw.PORT,
    workerPort: raw.WORKER_PORT,
    /** A stopping web instance serves this long while /v1/ready answers 503 draining (server/lib/draining.ts). */
    shutdownDrainMs: raw.SHUTDOWN_DRAIN_MS >= 0 ? raw.SHUTDOWN_DRAIN_MS : production ? 5_000 : 0,
    /** GET /metrics answers this bearer token only; undefined: no metrics endpoint (server/metrics/scrape.ts). */
    metricsToken: raw.METRICS_TOKEN || undefined,
    databaseUrl: raw.DATABASE_URL,
    databasePoolSize: raw.DATABASE_POOL_SIZE,
    databaseReadLaneSize: raw.DATABASE_READ_LANE_SIZE,
    databaseWriteLaneSize: raw.DATABASE_WRITE_LANE_SIZE,
    /** The read replica's connection string (server/db/replica.ts); undefined: every read goes to the primary. */
    databaseReadUrl: raw.DATABASE_READ_URL,
    embeddedPg: { dir: raw.EMBEDDED_PG_DIR, port: raw.EMBEDDED_PG_PORT },
    redisUrl: raw.REDIS_URL,
    publicBaseUrl,
    publicOrigin,
    adminOrigins: [...new Set(adminOrigins)],
    trustedProxies: parseTrustedProxies(raw.TRUSTED_PROXIES),
    demoEndpoints: flag("DEMO_ENDPOINTS", raw.DEMO_ENDPOINTS, !production),
    allowSignup: flag("ALLOW_SIGNUP", raw.ALLOW_SIGNUP, !production),
    webhookAllowPrivateTargets: raw.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    serveConsole: raw.SERVE_CONSOLE,
    webhookTimeoutMs: raw.WEBHOOK_TIMEOUT_SECONDS * 1000,
    /** How long the worker gathers delivery wake-ups before it fetches (server/jobs/wake.ts). */
    webhookWakeGatherMs: raw.WEBHOOK_WAKE_GATHER_MS,
    webhookPollMs: raw.WEBHOOK_POLL_MS,
    adminSessionTtlSeconds: raw.ADMIN_SESSION_TTL_SECONDS,
    appSecret: raw.APP_SECRET,
    logLevel: raw.LOG_LEVEL,
    /** How the /v1 façade treats a procedure's response schema (server/http/response-check.ts). */
    responseCheck: raw.RESPONSE_CHECK ?? (production ? "off" : "strict"),
    /** Whether a second connection inside a transaction throws (server/db/tx.ts): on outside production. */
    txGuard: flag("TX_GUARD", raw.TX_GUARD, !production),
    paymentProvider: raw.PAYMENT_PROVIDER,
    paymentWebhookSecret: raw.PAYMENT_WEBHOOK_SECRET,
    stripeSecretKey: raw.STRIPE_SECRET_KEY,
    stripeApiBase: (raw.STRIPE_API_BASE ?? "https://api.stripe.com").replace(/\/+$/, ""),
    /** Dunning (server/domain/money/billing/dunning.ts): an invoice is due this many days after it is issued, and a plan it bought is taken back this many days after that. */
    billing: { dueDays: raw.BILLING_DUE_DAYS, graceDays: raw.BILLING_GRACE_DAYS },
    /** Months raw player events are kept (server/domain/gameplay/events/event-partitions.ts). */
    eventRetentionMonths: raw.EVENT_RETENTION_MONTHS,
    /** Console sign-in through an OpenID Connect provider (server/auth/sso); undefined: password sign-in only. */
    adminSso:
      ssoParts === 3
        ? { issuer: ssoIssuer!.href.replace(/\/+$/, ""), clientId: raw.ADMIN_SSO_CLIENT_ID!, clientSecret: raw.ADMIN_SSO_CLIENT_SECRET!, name: raw.ADMIN_SSO_NAME?.trim() || "single sign-on" }
        : undefined,
  };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): TConfig {
  const parsed = ZEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? "environment"), issue.message);
  }
  try {
    return buildConfig(parsed.data, env);
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    if (e instanceof Error && e.message.startsWith("TRUSTED_PROXIES")) throw new ConfigError("TRUSTED_PROXIES", e.message.slice(16));
    throw new ConfigError("ADMIN_ORIGINS", "must be a comma-separated list of origins");
  }
}

let current: TConfig | null = null;

/** The process configuration: the environment, parsed once on first use. */
export function config(): TConfig {
  return (current ??= parseConfig(process.env));
}

/** Tests only: change fields of the process configuration (every holder of it sees the change). */
export function overrideConfig(patch: Partial<TConfig>): void {
  Object.assign(config(), patch);
}

/**
 * Tests only: the configuration the environment gives again, in the same object (every holder of it
 * sees the change) — a test worker runs several files in one process, and one file's
 * `overrideConfig` must not reach the next.
 */
export function resetConfig(): void {
  if (!current) return;
  const fresh = parseConfig(process.env) as unknown as Record<string, unknown>;
  const held = current as unknown as Record<string, unknown>;
  for (const k of Object.keys(held)) if (!(k in fresh)) delete held[k];
  Object.assign(held, fresh);
}

/**
 * For process entry points: parse the configuration or stop with the message naming the bad
 * variable (exit 78, EX_CONFIG) instead of a stack trace.
 */
export function configOrExit(): TConfig {
  try {
    return config();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
}
