import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateSecret } from "otplib";
import { db, pool } from "@/server/db/client";
import { encrypt } from "@/server/lib/crypto";
import { advanceClock, nowMs } from "@/server/lib/clock";
import { RateLimiter, rateLimiter } from "@/server/rate-limit/limiter";
import { replaceService } from "@/server/services/container";
import { createRedis } from "@/server/stores/redis";
import { startTestServer, type TTestServer } from "../helpers/server";
import { untilWaiting } from "../helpers/locks";
import { client, nextTotpStep, randomIp, totp, uniqueEmail, verifiedAdmin, type TCall } from "../helpers/api";

/** Mandatory TOTP two-factor: enrollment, confirmation, challenges, recovery codes, lockout and its limiter (split from admin-auth.test.ts). */
let server: TTestServer;
let call: TCall;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());

const PASSWORD = "correct horse battery staple";

describe("two-factor", () => {
  it("blocks admin routes until the session passes 2FA, except me, logout and the 2FA routes", async () => {
    const ip = randomIp();
    const email = uniqueEmail();
    await call("POST", "/v1/admin/auth/signup", { body: { email, password: PASSWORD }, ip });
    const { body } = await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip });
    expect(body.two_factor_enabled).toBe(false);
    const blocked = await call("GET", "/v1/admin/projects", { token: body.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("two_factor_required");
    expect((await call("GET", "/v1/admin/me", { token: body.token })).status).toBe(200);
    expect((await call("GET", "/v1/admin/two-factor/status", { token: body.token })).body).toMatchObject({ enabled: false, session_verified: false });
    const enroll = await call("POST", "/v1/admin/two-factor/enroll", { token: body.token, ip });
    expect(enroll.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Playloop:/);
    const confirm = await call("POST", "/v1/admin/two-factor/confirm", { token: body.token, ip, body: { code: await totp(enroll.body.secret) } });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    expect((await call("GET", "/v1/admin/projects", { token: body.token })).status).toBe(200);
    // A new login needs the challenge again.
    const again = await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip });
    expect(again.body.two_factor_enabled).toBe(true);
    expect((await call("GET", "/v1/admin/projects", { token: again.body.token })).body.code).toBe("two_factor_required");
  });

  it("stores the TOTP secret encrypted and recovery codes hashed", async () => {
    const admin = await verifiedAdmin(call);
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    const tf = await c.query("SELECT secret_encrypted FROM admin_two_factor WHERE account_id = $1", [admin.accountId]);
    const codes = await c.query("SELECT code_hash FROM admin_recovery_code WHERE account_id = $1", [admin.accountId]);
    await c.end();
    expect(tf.rows[0].secret_encrypted).not.toContain(admin.secret);
    expect(codes.rows).toHaveLength(10);
    expect(codes.rows.every((r: { code_hash: string }) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
  });

  it("refuses the same code twice, and an older step after a newer one", async () => {
    // At the start of a step, so the confirm and the replay below fall in the same 30 s step (a
    // step boundary between them made the "replay" a fresh code, accepted: seen once in CI).
    nextTotpStep();
    const admin = await verifiedAdmin(call);
    const login = async () => (await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).body.token as string;
    const t1 = await login();
    const t2 = await login();
    // The confirm used the current step: the same code cannot be used again.
    const replay = await call("POST", "/v1/admin/two-factor/challenge", { token: t1, ip: admin.ip, body: { code: await totp(admin.secret) } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("invalid_code");
    advanceClock(-30_000);
    const older = await totp(admin.secret);
    advanceClock(30_000 + 30_000);
    const newer = await totp(admin.secret);
    expect((await call("POST", "/v1/admin/two-factor/challenge", { token: t1, ip: admin.ip, body: { code: newer } })).status).toBe(200);
    // `older` is inside the ±1 step window of nothing now... move back so it would be in window:
    advanceClock(-30_000);
    expect((await call("POST", "/v1/admin/two-factor/challenge", { token: t2, ip: admin.ip, body: { code: older } })).status).toBe(401);
    expect((await call("POST", "/v1/admin/two-factor/challenge", { token: t2, ip: admin.ip, body: { code: newer } })).status).toBe(401);
    advanceClock(30_000);
  });

  it("9 parallel uses of one code: exactly one succeeds", async () => {
    const admin = await verifiedAdmin(call);
    // Nine sessions: with the setup's login, ten logins fill the e-mail-and-address bucket exactly.
    const tokens = await Promise.all(
      Array.from({ length: 9 }, async () => (await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).body.token as string),
    );
    advanceClock(30_000);
    const code = await totp(admin.secret);
    await rateLimiter().reset("adminTwoFactor", admin.accountId); // enrollment spent 2 of the bucket's 10
    const results = await Promise.all(tokens.map((token) => call("POST", "/v1/admin/two-factor/challenge", { token, ip: admin.ip, body: { code } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The other nine are refused: as wrong codes, or, once five have been counted, by the lockout.
    const refused = results.filter((r) => r.status !== 200).map((r) => r.body.code);
    expect(refused).toHaveLength(8);
    for (const code of refused) expect(["invalid_code", "two_factor_locked"]).toContain(code);
  });

  it("keeps a pending key across reloads until it is confirmed or replaced on purpose", async () => {
    const ip = randomIp();
    const email = uniqueEmail();
    await call("POST", "/v1/admin/auth/signup", { body: { email, password: PASSWORD }, ip });
    const login = await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip });
    const token = login.body.token as string;
    const first = await call("POST", "/v1/admin/two-factor/enroll", { token, ip });
    // The setup page reloaded, or opened in a second tab: the same key, so a scanned authenticator still matches.
    const reload = await call("POST", "/v1/admin/two-factor/enroll", { token, ip, body: {} });
    expect(reload.status).toBe(200);
    expect(reload.body.secret).toBe(first.body.secret);
    expect(reload.body.otpauth_uri).toBe(first.body.otpauth_uri);
    const started = await pool().query("SELECT action FROM audit_log WHERE account_id = $1 AND action LIKE 'admin.2fa.enroll%' ORDER BY created_at", [login.body.account_id]);
    expect(started.rows.map((r) => r.action)).toEqual(["admin.2fa.enroll_started"]);

    const replaced = await call("POST", "/v1/admin/two-factor/enroll", { token, ip, body: { restart: true } });
    expect(replaced.body.secret).not.toBe(first.body.secret);
    expect((await call("POST", "/v1/admin/two-factor/confirm", { token, ip, body: { code: await totp(first.body.secret) } })).status).toBe(401);
    expect((await call("POST", "/v1/admin/two-factor/enroll", { token, ip, body: { restart: "yes" } })).status).toBe(422);
    expect((await call("POST", "/v1/admin/two-factor/confirm", { token, ip, body: { code: await totp(replaced.body.secret) } })).status).toBe(200);
    for (const body of [{}, { restart: true }]) expect((await call("POST", "/v1/admin/two-factor/enroll", { token, ip, body })).status).toBe(409);
  });

  it("a recovery code works once", async () => {
    const ip = randomIp();
    const email = uniqueEmail();
    await call("POST", "/v1/admin/auth/signup", { body: { email, password: PASSWORD }, ip });
    const token = (await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip })).body.token;
    const enroll = await call("POST", "/v1/admin/two-factor/enroll", { token, ip });
    const confirm = await call("POST", "/v1/admin/two-factor/confirm", { token, ip, body: { code: await totp(enroll.body.secret) } });
    const code = confirm.body.recovery_codes[0];
    const t2 = (await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip })).body.token;
    const used = await call("POST", "/v1/admin/two-factor/recovery", { token: t2, ip, body: { code } });
    expect(used.status).toBe(200);
    expect(used.body.recovery_codes_remaining).toBe(9);
    const t3 = (await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip })).body.token;
    expect((await call("POST", "/v1/admin/two-factor/challenge", { token: t3, ip, body: { code } })).status).toBe(401);
    expect((await call("POST", "/v1/admin/two-factor/challenge", { token: t3, ip, body: { code: confirm.body.recovery_codes[1] } })).status).toBe(200);
  });

  it("locks TOTP progressively after wrong codes; a recovery code still works and clears the lock", async () => {
    const ip = randomIp();
    const email = uniqueEmail();
    await call("POST", "/v1/admin/auth/signup", { body: { email, password: PASSWORD }, ip });
    const t1 = (await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip })).body.token;
    const enroll = await call("POST", "/v1/admin/two-factor/enroll", { token: t1, ip });
    const secret = enroll.body.secret as string;
    const confirm = await call("POST", "/v1/admin/two-factor/confirm", { token: t1, ip, body: { code: await totp(secret) } });
    const accountId = (await call("GET", "/v1/admin/me", { token: t1, ip })).body.account_id as string;
    const token = (await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip })).body.token;
    const challenge = (code: string) => call("POST", "/v1/admin/two-factor/challenge", { token, ip, body: { code } });
    const wrong = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await challenge("000000")).status).toBe(401);
    };

    await wrong(5);
    const locked = await challenge("000000");
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("two_factor_locked");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(55);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // While locked even the right code is refused: a guess that happens to be right teaches nothing.
    nextTotpStep();
    expect((await challenge(await totp(secret))).body.code).toBe("two_factor_locked");

    // The lock expires; the next five wrong codes lock for the next step of the schedule (5 minutes).
    await rateLimiter().reset("adminTwoFactor", accountId);
    advanceClock(61_000);
    await wrong(5);
    const row = await db().adminTwoFactor.findUniqueOrThrow({ where: { accountId } });
    expect(row.failedAttempts).toBe(10);
    // 300 s from the fifth wrong code: a few seconds' margin for a slow machine between it and this read
    const lockSec = (row.lockedUntil!.getTime() - nowMs()) / 1000;
    expect(lockSec).toBeGreaterThan(290);
    expect(lockSec).toBeLessThanOrEqual(300);

    // The owner clears it with a recovery code, and TOTP works again.
    const recovered = await call("POST", "/v1/admin/two-factor/recovery", { token, ip, body: { code: confirm.body.recovery_codes[0] } });
    expect(recovered.status).toBe(200);
    expect(await db().adminTwoFactor.findUniqueOrThrow({ where: { accountId } })).toMatchObject({ failedAttempts: 0, lockedUntil: null });
    await rateLimiter().reset("adminTwoFactor", accountId);
    const t2 = (await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip })).body.token;
    nextTotpStep();
    expect((await call("POST", "/v1/admin/two-factor/challenge", { token: t2, ip, body: { code: await totp(secret) } })).status).toBe(200);
  });

  it("counts guesses sent side by side before checking them: seven at once get five codes checked, then the lock", async () => {
    const admin = await verifiedAdmin(call);
    const token = (await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).body.token as string;
    await rateLimiter().reset("adminTwoFactor", admin.accountId);
    // The account's two-factor row held here: all seven requests (a pool's worth with the holder and the watcher) reach the statement that counts
    // them before any is counted (without the change, each had read the row unlocked first).
    const holder = await pool().connect();
    let results: Array<{ status: number; body: { code?: string } }>;
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM admin_two_factor WHERE account_id = $1 FOR UPDATE", [admin.accountId]);
      const sent = Promise.all(Array.from({ length: 7 }, () => call("POST", "/v1/admin/two-factor/challenge", { token, ip: admin.ip, body: { code: "000000" } })));
      await untilWaiting("%UPDATE admin_two_factor SET%failed_attempts = failed_attempts + 1%", 7, "seven challenges");
      await holder.query("COMMIT");
      results = await sent;
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      holder.release();
    }
    expect(results.map((r) => r.body.code).sort()).toEqual([...Array(5).fill("invalid_code"), ...Array(2).fill("two_factor_locked")]);
    expect(await db().adminTwoFactor.findUniqueOrThrow({ where: { accountId: admin.accountId } })).toMatchObject({ failedAttempts: 5 });
  });

  it("enroll, confirm, challenge and recovery share one limit bucket", async () => {
    const admin = await verifiedAdmin(call); // used 2 points (enroll + confirm)
    const token = (await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).body.token;
    const statuses: number[] = [];
    // Four wrong TOTP codes stay under the lockout; four wrong recovery codes never count toward it.
    for (let i = 0; i < 4; i++) statuses.push((await call("POST", "/v1/admin/two-factor/challenge", { token, body: { code: "000000" } })).status);
    for (let i = 0; i < 4; i++) statuses.push((await call("POST", "/v1/admin/two-factor/recovery", { token, body: { code: "aaaaa-bbbbb-ccccc-ddddd" } })).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const over = await call("POST", "/v1/admin/two-factor/challenge", { token, body: { code: "000000" } });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("rate_limited");
  });

  it("a confirmation whose enrollment was restarted meanwhile enables nothing: its code was for the old secret", async () => {
    const email = uniqueEmail();
    const ip = randomIp();
    expect((await call("POST", "/v1/admin/auth/signup", { body: { email, password: PASSWORD }, ip })).status).toBe(200);
    const login = await call("POST", "/v1/admin/auth/login", { body: { email, password: PASSWORD }, ip });
    const token = login.body.token as string;
    const accountId = login.body.account_id as string;
    const enroll = await call("POST", "/v1/admin/two-factor/enroll", { token, ip });
    // Another enrollment (someone else with the password) lands between the confirmation's check
    // of the code and its write: held here by a lock on the row the confirmation writes.
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      await c.query("BEGIN");
      await c.query("SELECT 1 FROM admin_two_factor WHERE account_id = $1 FOR UPDATE", [accountId]);
      const confirming = call("POST", "/v1/admin/two-factor/confirm", { token, ip, body: { code: await totp(enroll.body.secret) } });
      await vi.waitFor(async () => {
        // (the driver sends its statements pipelined: the waiting backend may show another one's text)
        const { rows } = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        expect(rows[0].n).toBe(1);
      }, { timeout: 10_000, interval: 20 });
      await c.query("UPDATE admin_two_factor SET secret_encrypted = $2, last_used_step = 0 WHERE account_id = $1", [accountId, encrypt("totp-secret", generateSecret())]);
      await c.query("COMMIT");
      const confirmed = await confirming;
      expect(confirmed.status).toBe(401);
      expect(confirmed.body.code).toBe("invalid_code");
    } finally {
      await c.end();
    }
    expect(await db().adminTwoFactor.findUniqueOrThrow({ where: { accountId } })).toMatchObject({ confirmedAt: null });
    expect(await db().adminRecoveryCode.count({ where: { accountId } })).toBe(0);
    expect((await call("GET", "/v1/admin/projects", { token })).body.code).toBe("two_factor_required");
  });

  it("answers 503 (never a pass) when the 2FA limiter's store is down", async () => {
    const admin = await verifiedAdmin(call);
    const token = (await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).body.token;
    const dead = createRedis("redis://127.0.0.1:1");
    const restore = replaceService("limiter", new RateLimiter(dead));
    try {
      advanceClock(30_000);
      const res = await call("POST", "/v1/admin/two-factor/challenge", { token, body: { code: await totp(admin.secret) } });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("service_unavailable");
      expect((await call("GET", "/v1/admin/projects", { token })).body.code).toBe("two_factor_required");
      expect((await call("POST", "/v1/admin/two-factor/enroll", { token })).status).toBe(503);
      expect((await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password } })).status).toBe(503);
    } finally {
      restore();
      dead.disconnect();
    }
  });
});
