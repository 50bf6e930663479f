import { randomBytes, randomUUID } from "node:crypto";
import { generate } from "otplib";
import { advanceClock, nowSeconds } from "@/server/lib/clock";

export type TResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

export type TCallOptions = {
  body?: unknown;
  rawBody?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
};

/** A small HTTP client for the real server: JSON in, JSON (or text) out. */
export function client(baseUrl: string) {
  return async function call<T = any>(method: string, path: string, opts: TCallOptions = {}): Promise<TResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.body !== undefined) headers["content-type"] ??= "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.ip) headers["x-forwarded-for"] = opts.ip;
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* plain text */
    }
    return { status: res.status, body, headers: res.headers, text };
  };
}

export type TCall = ReturnType<typeof client>;

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]! | 1}`;
}

export function uniqueEmail(tag = "admin"): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The admin cookie value from a response's Set-Cookie headers, as a Cookie header. */
export function adminCookie(headers: Headers): string | null {
  const all = headers.getSetCookie();
  const c = all.find((h) => h.startsWith("legacy_admin_session=") && !h.startsWith("legacy_admin_session=;"));
  return c ? c.split(";")[0]! : null;
}

export async function totp(secret: string): Promise<string> {
  return generate({ secret, epoch: nowSeconds() });
}

/** Moves the one clock to the start of the next TOTP step, so a fresh code is usable. */
export function nextTotpStep(): void {
  advanceClock((30 - (nowSeconds() % 30)) * 1000 + 10);
}

export type TAdmin = { email: string; password: string; token: string; accountId: string; secret: string; ip: string; sessionId: string };

/** Signs up, logs in, enrolls and confirms TOTP: a fully verified admin with a bearer token. */
export async function verifiedAdmin(call: TCall): Promise<TAdmin> {
  const email = uniqueEmail();
  const password = "correct horse battery staple";
  const ip = randomIp();
  const signup = await call("POST", "/v1/admin/auth/signup", { body: { email, password }, ip });
  if (signup.status !== 200) throw new Error(`signup ${signup.status} ${signup.text}`);
  const login = await call("POST", "/v1/admin/auth/login", { body: { email, password }, ip });
  if (login.status !== 200) throw new Error(`login ${login.status} ${login.text}`);
  const token = login.body.token as string;
  const enroll = await call("POST", "/v1/admin/two-factor/enroll", { token, ip });
  if (enroll.status !== 200) throw new Error(`enroll ${enroll.status} ${enroll.text}`);
  const secret = enroll.body.secret as string;
  const confirm = await call("POST", "/v1/admin/two-factor/confirm", { token, ip, body: { code: await totp(secret) } });
  if (confirm.status !== 200) throw new Error(`confirm ${confirm.status} ${confirm.text}`);
  const me = await call("GET", "/v1/admin/me", { token, ip });
  return { email, password, token, accountId: login.body.account_id, secret, ip, sessionId: me.body.session_id };
}

/** Logs the admin in again and passes the challenge: a second verified session. */
export async function newVerifiedSession(call: TCall, admin: TAdmin): Promise<string> {
  const login = await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip });
  nextTotpStep();
  const ch = await call("POST", "/v1/admin/two-factor/challenge", { token: login.body.token, ip: admin.ip, body: { code: await totp(admin.secret) } });
  if (ch.status !== 200) throw new Error(`challenge ${ch.status} ${ch.text}`);
  return login.body.token;
}

export async function createProject(call: TCall, admin: TAdmin, body: Record<string, unknown> = {}): Promise<string> {
  const res = await call("POST", "/v1/admin/projects", { token: admin.token, ip: admin.ip, body: { name: "Test shop", allowed_origins: ["https://shop.example"], ...body } });
  if (res.status !== 200) throw new Error(`create project ${res.status} ${res.text}`);
  return res.body.project_id;
}

export async function createApiKey(call: TCall, admin: TAdmin, projectId: string, scopes = ["session:issue"]): Promise<string> {
  const res = await call("POST", `/v1/admin/projects/${projectId}/api-keys`, { token: admin.token, ip: admin.ip, body: { name: "server", scopes } });
  if (res.status !== 200) throw new Error(`create key ${res.status} ${res.text}`);
  return res.body.secret;
}
