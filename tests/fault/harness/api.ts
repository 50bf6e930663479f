import { randomUUID } from "node:crypto";
import { generate } from "otplib";
import { PIN_HEADER, SERVED_BY_HEADER } from "./proxy";

/** One answer: status 0 when the request never got one (connection refused or reset). */
export type TRes<T = any> = { status: number; body: T; servedBy: number | null; sentAt: number; answeredAt: number };

export type TCallOpts = { body?: unknown; token?: string; ip?: string; pin?: number; headers?: Record<string, string> };

/**
 * A JSON client for the service behind the proxy, sending what a browser on the service's own
 * origin sends (the `Origin` its checks compare with). `pin` sends the request to one instance.
 */
export function apiClient(base: string, origin: string) {
  return async function call<T = any>(method: string, path: string, opts: TCallOpts = {}): Promise<TRes<T>> {
    const headers: Record<string, string> = { origin, ...opts.headers };
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.ip) headers["x-forwarded-for"] = opts.ip;
    if (opts.pin !== undefined) headers[PIN_HEADER] = String(opts.pin);
    const sentAt = Date.now();
    try {
      const res = await fetch(base + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      let body: any = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      const servedBy = res.headers.get(SERVED_BY_HEADER);
      return { status: res.status, body, servedBy: servedBy === null ? null : Number(servedBy), sentAt, answeredAt: Date.now() };
    } catch (e) {
      return { status: 0, body: { error: (e as Error).message } as T, servedBy: null, sentAt, answeredAt: Date.now() };
    }
  };
}

export type TCall = ReturnType<typeof apiClient>;

function must<T>(res: TRes<T>, what: string): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A distinct client address per player, so per-address limits never couple players. */
export function playerIp(n: number, block = 1): string {
  return `10.${60 + block}.${(n >> 8) & 255}.${n & 255}`;
}

/** `usedStep`: the last TOTP time step this admin used (each step is usable once). */
export type TAdmin = { email: string; password: string; token: string; secret: string; ip: string; usedStep: number };

export const totpStep = (ms = Date.now()) => Math.floor(ms / 30_000);

/** Signs up, logs in and enrolls TOTP through the public API: a verified admin. */
export async function verifiedAdmin(call: TCall, ip = "10.59.0.1"): Promise<TAdmin> {
  const email = `fault-${randomUUID().slice(0, 8)}@example.test`;
  const password = "fault suite passphrase";
  must(await call("POST", "/v1/admin/auth/signup", { body: { email, password }, ip }), "signup");
  const { token } = must(await call("POST", "/v1/admin/auth/login", { body: { email, password }, ip }), "login");
  const { secret } = must(await call("POST", "/v1/admin/two-factor/enroll", { token, ip }), "enroll");
  const usedStep = totpStep();
  must(await call("POST", "/v1/admin/two-factor/confirm", { token, ip, body: { code: await generate({ secret, epoch: usedStep * 30 }) } }), "confirm 2FA");
  return { email, password, token, secret, ip, usedStep };
}

/**
 * A TOTP code this admin has not used yet: the current step's, or the next one's when the current
 * one is spent (the service accepts a step either side).
 */
export async function freshCode(admin: TAdmin): Promise<{ code: string; step: number }> {
  const step = Math.max(totpStep(), admin.usedStep + 1);
  return { code: await generate({ secret: admin.secret, epoch: step * 30 }), step };
}

export type TProject = { projectId: string; key: string; wheelVersion: number };

/**
 * A rewards project playing match3 with a `game_won` campaign for every first win, webhooks to
 * `webhookUrl`, the fraud rules that would hold bot-speed play off, an optional economy config and
 * wheel draft patch, the daily wheel published, and a session-issuing key.
 */
export async function rewardsProject(call: TCall, admin: TAdmin, opts: { webhookUrl: string; economy?: unknown; wheel?: Record<string, unknown> }): Promise<TProject> {
  const auth = { token: admin.token, ip: admin.ip };
  const { project_id: projectId } = must(await call("POST", "/v1/admin/projects", { ...auth, body: { name: "Fault shop", allowed_origins: [] } }), "project");
  const base = `/v1/admin/projects/${projectId}`;
  must(await call("PATCH", base, { ...auth, body: { play_mechanic: "match3_v1", game_mode: "rewards", webhook_url: opts.webhookUrl } }), "rewards mode");
  // Bots play faster than people and win often: the pace and velocity rules would hold their claims.
  must(await call("PUT", `${base}/fraud-rules`, { ...auth, body: { rules: { command_pace: { enabled: false }, claim_velocity: { enabled: false } } } }), "fraud rules");
  must(
    await call("POST", `${base}/campaigns`, {
      ...auth,
      body: { name: "Every first win", trigger_type: "game_won", trigger_params: { mechanic: "match3_v1" }, reward_type: "points", reward_metadata: { amount: 10 }, max_per_user: 1000, max_total: 1_000_000 },
    }),
    "campaign",
  );
  if (opts.economy) must(await call("PATCH", `${base}/economy`, { ...auth, body: { economy_config: opts.economy } }), "economy");
  const { draft } = must(await call("GET", `${base}/wheels/daily/draft`, auth), "wheel draft");
  const saved = must(await call("PUT", `${base}/wheels/daily/draft`, { ...auth, body: { ...draft, ...opts.wheel } }), "save wheel draft");
  const { version } = must(await call("POST", `${base}/wheels/daily/publish`, { ...auth, body: { expected_draft_hash: saved.draft_hash } }), "publish wheel");
  const { secret: key } = must(await call("POST", `${base}/api-keys`, { ...auth, body: { name: "fault", scopes: ["session:issue"] } }), "api key");
  return { projectId, key, wheelVersion: version };
}

export type TPlayer = { externalUserId: string; token: string; ip: string };

/** Verified players (sessions issued by the integrator's key), one address each. */
export async function players(call: TCall, project: TProject, count: number, block = 1): Promise<TPlayer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const externalUserId = `fault-${block}-${i}-${randomUUID().slice(0, 6)}`;
      const ip = playerIp(i, block);
      const s = must(await call("POST", "/v1/server/session-token", { token: project.key, ip, body: { project_id: project.projectId, external_user_id: externalUserId, ttl_seconds: 3600 } }), "session");
      return { externalUserId, token: s.session_token as string, ip };
    }),
  );
}
