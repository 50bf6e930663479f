import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, nowMs } from "@/server/lib/clock";
import { limitAddress } from "@/server/rate-limit/address";
import { pool } from "@/server/db/client";
import { limitKey } from "@/server/rate-limit/gate";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { startTestServer, type TTestServer } from "../helpers/server";
import { adminCookie, client, newVerifiedSession, nextTotpStep, randomIp, totp, uniqueEmail, verifiedAdmin, type TCall } from "../helpers/api";
import { anyOriginPaths } from "@/server/http/cors";
import { appRouter } from "@/server/routers/_app";

let server: TTestServer;
let call: TCall;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());

const ORIGIN = "http://localhost:3000"; // PUBLIC_BASE_URL in tests: the allowed admin origin
const PASSWORD = "correct horse battery staple";

describe("signup", () => {
  it("answers the same shape for a new and an existing email; only the new one gets a session cookie", async () => {
    const email = uniqueEmail();
    const ip = randomIp();
    const first = await call("POST", "/v1/admin/auth/signup", { body: { email, password: PASSWORD }, ip });
    const second = await call("POST", "/v1/admin/auth/signup", { body: { email, password: "another password" }, ip });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(["account_id"]);
    expect(Object.keys(second.body)).toEqual(["account_id"]);
    expect(second.body.account_id).not.toBe(first.body.account_id);
    const cookies = first.headers.getSetCookie();
    expect(cookies.some((c) => c.includes("Path=/v1/admin") && c.includes("HttpOnly"))).toBe(true);
    expect(JSON.stringify(first.body)).not.toContain("ey");
    // The existing email gets a cookie of the same form, which authenticates nothing.
    const fakeCookie = adminCookie(second.headers)!;
    expect(fakeCookie).toMatch(/^legacy_admin_session=ey/);
    // down to the token's subject: each names the account id its answer gives
    const subject = (cookie: string) => JSON.parse(Buffer.from(cookie.split("=")[1]!.split(".")[1]!, "base64url").toString()).sub;
    expect(subject(adminCookie(first.headers)!)).toBe(first.body.account_id);
    expect(subject(fakeCookie)).toBe(second.body.account_id);
    expect((await call("GET", "/v1/admin/me", { cookie: fakeCookie })).status).toBe(401);
    // The existing account still logs in with its original password only.
    expect((await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip })).status).toBe(200);
    expect((await call("POST", "/v1/admin/auth/login", { body: { email, password: "another password" }, ip })).status).toBe(401);
  });

  it("the signup cookie authenticates /v1/admin/me", async () => {
    const res = await call("POST", "/v1/admin/auth/signup", { body: { email: uniqueEmail(), password: PASSWORD }, ip: randomIp() });
    const me = await call("GET", "/v1/admin/me", { cookie: adminCookie(res.headers)! });
    expect(me.status).toBe(200);
    expect(me.body.account_id).toBe(res.body.account_id);
    expect(me.body.two_factor).toEqual({ enabled: false, session_verified: false });
  });

  it("rejects passwords shorter than 8 bytes", async () => {
    const res = await call("POST", "/v1/admin/auth/signup", { body: { email: uniqueEmail(), password: "short" }, ip: randomIp() });
    expect(res.status).toBe(422);
  });
});

describe("login limits", () => {
  it("limits attempts per e-mail and address, with 429 before checking credentials", async () => {
    const email = uniqueEmail();
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call("POST", "/v1/admin/auth/login", { body: { email, password: "wrong-password" }, ip })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("cannot be used by strangers to lock a known admin out: the right password and TOTP from a new address get through", async () => {
    const admin = await verifiedAdmin(call);
    // Strangers hammer the admin's e-mail from many addresses, far past any per-address bucket's size.
    for (let i = 0; i < 12; i++) {
      const ip = randomIp();
      for (let j = 0; j < 2; j++) await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: "guess-" + i + j }, ip });
    }
    const login = await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: randomIp() });
    expect(login.status).toBe(200);
    nextTotpStep();
    const challenge = await call("POST", "/v1/admin/two-factor/challenge", { token: login.body.token, body: { code: await totp(admin.secret) } });
    expect(challenge.status).toBe(200);
    expect((await call("GET", "/v1/admin/projects", { token: login.body.token })).status).toBe(200);
  });
});

describe("login limits per e-mail and per /64", () => {
  it("bound guesses at one e-mail from many addresses; once spent, only networks the admin signed in from get through", async () => {
    const admin = await verifiedAdmin(call);
    // The bucket spent by strangers elsewhere (100 attempts in 15 minutes; spent directly here, as
    // 100 logins would spend most of the test's time in password hashing).
    for (let i = 0; i < 100; i++) await rateLimiter().check("adminLoginEmail", admin.email);
    const stranger = await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: randomIp() });
    expect(stranger.status).toBe(429);
    expect(stranger.body.code).toBe("rate_limited");
    // Another address of the /24 the admin signed in from still logs in, and with the second factor works.
    const known = admin.ip.replace(/\.\d+$/, ".250");
    const login = await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: known });
    expect(login.status).toBe(200);
    nextTotpStep();
    expect((await call("POST", "/v1/admin/two-factor/challenge", { token: login.body.token, ip: known, body: { code: await totp(admin.secret) } })).status).toBe(200);
    // A wrong password from there is still only a 401.
    expect((await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: "wrong-password" }, ip: known })).status).toBe(401);
    // Another account's bucket is its own.
    const other = await verifiedAdmin(call);
    expect((await call("POST", "/v1/admin/auth/login", { body: { email: other.email, password: other.password }, ip: randomIp() })).status).toBe(200);
  });

  it("bounds the logins a known network gets past the spent per-email limit per e-mail and network, and keeps the admin's own address open", async () => {
    const admin = await verifiedAdmin(call);
    for (let i = 0; i < 100; i++) await rateLimiter().check("adminLoginEmail", admin.email);
    // Every address of the /24 has a per-address budget of its own; the exemption must not multiply
    // by them. Its own bucket (100 in 15 minutes per e-mail and network) spent here, 99 directly:
    const network = limitKey("email_network", { email: admin.email, ip: () => admin.ip });
    expect(network).toBe(`${admin.email}|${admin.ip.replace(/\.\d+$/, ".0")}/24`);
    for (let i = 0; i < 99; i++) await rateLimiter().check("adminLoginKnownNetwork", network);
    // Even last bytes: randomIp() gives odd ones, so neither is the admin's own (exempt) address.
    const fresh = (n: number) => admin.ip.replace(/\.\d+$/, `.${n}`);
    expect((await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: "wrong-password" }, ip: fresh(200) })).status).toBe(401);
    const over = await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: fresh(202) });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("rate_limited");
    // A stranger in the admin's /24 who spent that budget does not lock the admin out of the
    // address the admin signs in from: it passes on its per-address budgets alone.
    expect((await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).status).toBe(200);
    const stored = await pool().query("SELECT address_hash FROM admin_session WHERE account_id = $1 AND address_hash IS NOT NULL", [admin.accountId]);
    expect(stored.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored.rows)).not.toContain(admin.ip);
  });

  it("counts an IPv6 client by its /64: rotating addresses inside it does not reset the per-address bucket", async () => {
    const net = `2001:db8:${randomIp().split(".").slice(1, 3).join(":")}`;
    for (let i = 0; i < 50; i++) expect((await rateLimiter().check("adminLoginAddress", limitAddress(`${net}::${i + 1}`))).allowed).toBe(true);
    const inside = await call("POST", "/v1/admin/auth/login", { body: { email: uniqueEmail(), password: "wrong-password" }, ip: `${net}:0:dead:beef:1` });
    expect(inside.status).toBe(429);
    const nextNet = `${net.replace(/:[0-9a-f]+$/, "")}:ffff`;
    const outside = await call("POST", "/v1/admin/auth/login", { body: { email: uniqueEmail(), password: "wrong-password" }, ip: `${nextNet}::1` });
    expect(outside.status).toBe(401);
  });
});

describe("sessions", () => {
  it("lists only my active sessions by id, paginates with next_cursor, never shows tokens", async () => {
    const admin = await verifiedAdmin(call);
    const tokens = [admin.token];
    for (let i = 0; i < 3; i++) tokens.push(await newVerifiedSession(call, admin));
    const other = await verifiedAdmin(call);
    const page1 = await call("GET", "/v1/admin/auth/sessions?limit=2", { token: admin.token, ip: admin.ip });
    expect(page1.status).toBe(200);
    expect(page1.body.sessions).toHaveLength(2);
    const page2 = await call("GET", `/v1/admin/auth/sessions?limit=2&cursor=${page1.body.next_cursor}`, { token: admin.token, ip: admin.ip });
    const page3 = await call("GET", `/v1/admin/auth/sessions?limit=2&cursor=${page2.body.next_cursor}`, { token: admin.token, ip: admin.ip });
    const ids = [...page1.body.sessions, ...page2.body.sessions, ...page3.body.sessions].map((s: { id: string }) => s.id);
    // 4 logins + the signup session
    expect(ids).toHaveLength(5);
    expect([...ids].sort()).toEqual(ids);
    expect(page3.body.next_cursor).toBeNull();
    expect(ids).not.toContain(other.sessionId);
    expect([...page1.body.sessions, ...page2.body.sessions].filter((s: { current: boolean }) => s.current)).toHaveLength(ids.indexOf(admin.sessionId) < 4 ? 1 : 0);
    expect(JSON.stringify(page1.body)).not.toMatch(/token|hash|ip/i);
    expect((await call("GET", "/v1/admin/auth/sessions?limit=51", { token: admin.token, ip: admin.ip })).status).toBe(422);
    expect((await call("GET", "/v1/admin/auth/sessions?limit=0", { token: admin.token, ip: admin.ip })).status).toBe(422);
  });

  it("revokes a session atomically with its audit record; foreign, revoked or expired ids are 404", async () => {
    const admin = await verifiedAdmin(call);
    const second = await newVerifiedSession(call, admin);
    const me2 = await call("GET", "/v1/admin/me", { token: second, ip: admin.ip });
    const other = await verifiedAdmin(call);
    expect((await call("DELETE", `/v1/admin/auth/sessions/${other.sessionId}`, { token: admin.token, ip: admin.ip })).status).toBe(404);
    const revoke = await call("DELETE", `/v1/admin/auth/sessions/${me2.body.session_id}`, { token: admin.token, ip: admin.ip });
    expect(revoke.status).toBe(200);
    expect(revoke.body).toEqual({ revoked: true, current: false });
    expect((await call("GET", "/v1/admin/me", { token: second, ip: admin.ip })).status).toBe(401);
    expect((await call("DELETE", `/v1/admin/auth/sessions/${me2.body.session_id}`, { token: admin.token, ip: admin.ip })).status).toBe(404);
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    const audit = await c.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'admin.session.revoked' AND target_id = $1", [me2.body.session_id]);
    await c.end();
    expect(audit.rows[0].n).toBe(1);
  });

  it("revoking the current session clears the cookies on both paths", async () => {
    const admin = await verifiedAdmin(call);
    const res = await call("DELETE", `/v1/admin/auth/sessions/${admin.sessionId}`, { token: admin.token, ip: admin.ip });
    expect(res.body).toEqual({ revoked: true, current: true });
    const cleared = res.headers.getSetCookie().filter((c) => c.startsWith("legacy_admin_session=;"));
    expect(cleared.map((c) => /Path=([^;]+)/.exec(c)![1]).sort()).toEqual(["/api/trpc", "/v1/admin"]);
    expect((await call("GET", "/v1/admin/me", { token: admin.token })).status).toBe(401);
  });

  it("logout revokes the record and clears the cookie on both paths", async () => {
    const admin = await verifiedAdmin(call);
    const res = await call("POST", "/v1/admin/auth/logout", { token: admin.token, ip: admin.ip });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("legacy_admin_session=;"))).toHaveLength(2);
    expect((await call("GET", "/v1/admin/me", { token: admin.token })).status).toBe(401);
  });

  it("a token is invalid from the second of its exp", async () => {
    const admin = await verifiedAdmin(call);
    const me = await call("GET", "/v1/admin/me", { token: admin.token });
    const expiresAt = new Date(me.body.session_expires_at).getTime();
    // five seconds before it: room for a slow request
    advanceClock(expiresAt - nowMs() - 5_000);
    expect((await call("GET", "/v1/admin/me", { token: admin.token })).status).toBe(200);
    advanceClock(5_000);
    expect((await call("GET", "/v1/admin/me", { token: admin.token })).status).toBe(401);
  });
});

describe("password change", () => {
  it("revokes every session of the account in one transaction and asks to log in again", async () => {
    const admin = await verifiedAdmin(call);
    const other = await newVerifiedSession(call, admin);
    const res = await call("POST", "/v1/admin/auth/password", { token: admin.token, ip: admin.ip, body: { current_password: admin.password, new_password: "a brand new password" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "changed", reauthenticate: true });
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("legacy_admin_session=;"))).toHaveLength(2);
    expect((await call("GET", "/v1/admin/me", { token: admin.token })).status).toBe(401);
    expect((await call("GET", "/v1/admin/me", { token: other })).status).toBe(401);
    expect((await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: "a brand new password" }, ip: admin.ip })).status).toBe(200);
  });

  it("a login that checked the old password while the change committed gets no session", async () => {
    const admin = await verifiedAdmin(call);
    // The change holds its transaction open: the hash updated and the sessions revoked, not yet
    // committed. The login reads the committed (old) hash and accepts the password meanwhile.
    const change = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await change.connect();
    try {
      const pid = (await change.query("SELECT pg_backend_pid() AS pid")).rows[0].pid as number;
      await change.query("BEGIN");
      await change.query("UPDATE admin_account SET password_hash = 'changed-elsewhere', password_changed_at = now() WHERE id = $1", [admin.accountId]);
      await change.query("UPDATE admin_session SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL", [admin.accountId]);
      let answered = false;
      const login = call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip }).finally(() => (answered = true));
      // Until the login either answers or waits for the change (without the account lock it
      // answered 200 at once, with a session the change had not seen).
      for (;;) {
        if (answered) break;
        const waiting = await change.query("SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [pid]);
        if (waiting.rowCount) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      await change.query("COMMIT");
      expect((await login).status).toBe(401);
      const active = await change.query("SELECT count(*)::int AS n FROM admin_session WHERE account_id = $1 AND revoked_at IS NULL", [admin.accountId]);
      expect(active.rows[0].n).toBe(0);
    } finally {
      await change.query("ROLLBACK").catch(() => {});
      await change.end();
    }
  });

  it("validates the new password length in bytes (8-1024)", async () => {
    const admin = await verifiedAdmin(call);
    const short = await call("POST", "/v1/admin/auth/password", { token: admin.token, body: { current_password: admin.password, new_password: "1234567" } });
    expect(short.status).toBe(422);
    const long = await call("POST", "/v1/admin/auth/password", { token: admin.token, body: { current_password: admin.password, new_password: "é".repeat(513) } });
    expect(long.status).toBe(422);
  });

  it("allows 10 attempts per 15 minutes, then 429 before any credential work", async () => {
    const admin = await verifiedAdmin(call);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call("POST", "/v1/admin/auth/password", { token: admin.token, body: { current_password: "wrong password!", new_password: "whatever else 1" } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Even the right password is refused now: the limit comes first.
    const right = await call("POST", "/v1/admin/auth/password", { token: admin.token, body: { current_password: admin.password, new_password: "whatever else 1" } });
    expect(right.status).toBe(429);
  });

  it("a storage error answers 503 and changes nothing", async () => {
    const admin = await verifiedAdmin(call);
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    const fn = `fail_${admin.accountId.replace(/-/g, "")}`;
    await c.query(`CREATE FUNCTION ${fn}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
    await c.query(`CREATE TRIGGER ${fn} BEFORE UPDATE ON admin_account FOR EACH ROW WHEN (OLD.id = '${admin.accountId}') EXECUTE FUNCTION ${fn}()`);
    try {
      const res = await call("POST", "/v1/admin/auth/password", { token: admin.token, body: { current_password: admin.password, new_password: "a brand new password" } });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("service_unavailable");
      expect((await call("GET", "/v1/admin/me", { token: admin.token })).status).toBe(200);
    } finally {
      await c.query(`DROP TRIGGER ${fn} ON admin_account`);
      await c.query(`DROP FUNCTION ${fn}()`);
      await c.end();
    }
    expect((await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).status).toBe(200);
  });
});

describe("cookie writes need an allowed Origin", () => {
  it("refuses a cookie write without Origin or with a foreign one, even beside a bearer token", async () => {
    const signup = await call("POST", "/v1/admin/auth/signup", { body: { email: uniqueEmail(), password: PASSWORD }, ip: randomIp() });
    const cookie = adminCookie(signup.headers)!;
    const noOrigin = await call("POST", "/v1/admin/two-factor/enroll", { cookie });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.code).toBe("origin_not_allowed");
    const foreign = await call("POST", "/v1/admin/two-factor/enroll", { cookie, headers: { origin: "https://evil.example" } });
    expect(foreign.body.code).toBe("origin_not_allowed");
    const ok = await call("POST", "/v1/admin/two-factor/enroll", { cookie, headers: { origin: ORIGIN } });
    expect(ok.status).toBe(200);
    // Reads with the cookie need no Origin.
    expect((await call("GET", "/v1/admin/two-factor/status", { cookie })).status).toBe(200);
  });

  it("answers admin CORS with credentials only for configured origins", async () => {
    const allowed = await call("OPTIONS", "/v1/admin/projects", { headers: { origin: ORIGIN, "access-control-request-method": "POST" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true");
    const other = await call("OPTIONS", "/v1/admin/projects", { headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("lets customer pages on any site call the routes that declare it, without credentials, and no others", async () => {
    expect([...anyOriginPaths(appRouter)].sort()).toEqual(["/v1/demo/token", "/v1/widget/config", "/v1/widget/exposure", "/v1/widget/session"]);
    const shop = { origin: "https://shop.example", "access-control-request-method": "POST" };
    for (const path of ["/v1/widget/session", "/v1/widget/config"]) {
      const res = await call("OPTIONS", path, { headers: shop });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-allow-credentials"), path).toBeNull();
    }
    for (const path of ["/v1/lobby", "/v1/game-runs", "/v1/server/session-token"]) {
      expect((await call("OPTIONS", path, { headers: shop })).headers.get("access-control-allow-origin"), path).toBeNull();
    }
  });
});
