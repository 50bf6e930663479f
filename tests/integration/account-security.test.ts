import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { advanceClock } from "@/server/lib/clock";
import { describeUserAgent, networkOf } from "@/server/domain/identity/admin/session-client";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, nextTotpStep, totp, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";

/**
 * Account security from the console: sessions a person can recognise (device, network, last use),
 * and two-factor management — new recovery codes, or a reset for a new authenticator — each behind
 * a fresh TOTP code. A wrong code changes nothing.
 */
let server: TTestServer;
let call: TCall;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());

const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function recoveryHashes(accountId: string): Promise<string[]> {
  return (await db().adminRecoveryCode.findMany({ where: { accountId }, orderBy: { codeHash: "asc" } })).map((r) => r.codeHash);
}

describe("session list", () => {
  it("shows device, whether it is this network, and last use of each session, never an address", async () => {
    const admin = await verifiedAdmin(call);
    const ip = "203.0.113.57";
    const login = await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip, headers: { "user-agent": SAFARI_IPHONE } });
    expect(login.status).toBe(200);
    advanceClock(5 * 60_000);
    const list = await call("GET", "/v1/admin/auth/sessions", { token: admin.token, ip: admin.ip });
    expect(list.status).toBe(200);
    const phone = list.body.sessions.find((s: { current: boolean; device: string }) => !s.current && s.device === "Safari on iPhone");
    expect(phone).toMatchObject({ same_network: false });
    expect(list.body.sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ same_network: true });
    // no address and no network prefix (the spec returns no IP address)
    expect(JSON.stringify(list.body)).not.toContain("203.0.113");
    for (const s of list.body.sessions) expect(s).not.toHaveProperty("network");
    // read from the phone's network (another host of its /24), the phone's session is this network's
    const fromThere = await call("GET", "/v1/admin/auth/sessions", { token: admin.token, ip: "203.0.113.200" });
    expect(fromThere.body.sessions.find((s: { id: string }) => s.id === phone.id)).toMatchObject({ same_network: true });
    // the current session was just used: its last use moved with this request
    const current = list.body.sessions.find((s: { current: boolean }) => s.current);
    expect(new Date(current.last_used_at).getTime()).toBeGreaterThan(new Date(phone.last_used_at).getTime());
  });

  it("reads user agents and networks simply", () => {
    expect(describeUserAgent(CHROME_MAC)).toBe("Chrome on macOS");
    expect(describeUserAgent(SAFARI_IPHONE)).toBe("Safari on iPhone");
    expect(describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Windows");
    expect(describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toBe("Edge on Windows");
    expect(describeUserAgent("curl/8.5.0")).toBe("curl");
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36")).toBe("Chrome on Linux");
    expect(describeUserAgent(null)).toBe("Unknown device");
    expect(networkOf("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
    expect(networkOf("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkOf("::1")).toBe("localhost");
    expect(networkOf("not an address")).toBeNull();
  });
});

describe("regenerate recovery codes", () => {
  it("replaces every code with 10 new ones for a fresh TOTP code; the old ones stop working", async () => {
    const admin = await verifiedAdmin(call);
    const before = await recoveryHashes(admin.accountId);
    nextTotpStep();
    const res = await call("POST", "/v1/admin/two-factor/recovery-codes", { token: admin.token, ip: admin.ip, body: { code: await totp(admin.secret) } });
    expect(res.status).toBe(200);
    expect(res.body.recovery_codes).toHaveLength(10);
    for (const c of res.body.recovery_codes) expect(c).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}-[0-9a-f]{5}-[0-9a-f]{5}$/);
    const after = await recoveryHashes(admin.accountId);
    expect(after).toHaveLength(10);
    expect(after.some((h) => before.includes(h))).toBe(false);
    // a new code signs in; the audit trail names the change
    const t2 = (await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).body.token;
    expect((await call("POST", "/v1/admin/two-factor/recovery", { token: t2, ip: admin.ip, body: { code: res.body.recovery_codes[0] } })).status).toBe(200);
    expect(await db().auditLog.count({ where: { accountId: admin.accountId, action: "admin.2fa.recovery_codes_regenerated" } })).toBe(1);
  });

  it("refuses a wrong code, a reused code and a recovery code, and changes nothing", async () => {
    // At the start of a step, so the enrollment's confirm and the reuse below share one 30 s step.
    nextTotpStep();
    const admin = await verifiedAdmin(call);
    const before = await recoveryHashes(admin.accountId);
    const wrong = await call("POST", "/v1/admin/two-factor/recovery-codes", { token: admin.token, ip: admin.ip, body: { code: "000000" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("invalid_code");
    // the code that confirmed enrollment was spent: the same time step is refused
    const reused = await call("POST", "/v1/admin/two-factor/recovery-codes", { token: admin.token, ip: admin.ip, body: { code: await totp(admin.secret) } });
    expect(reused.status).toBe(401);
    const recovery = await call("POST", "/v1/admin/two-factor/recovery-codes", { token: admin.token, ip: admin.ip, body: { code: "aaaaa-bbbbb-ccccc-ddddd" } });
    expect(recovery.status).toBe(422);
    expect(await recoveryHashes(admin.accountId)).toEqual(before);
    expect((await db().adminTwoFactor.findUniqueOrThrow({ where: { accountId: admin.accountId } })).failedAttempts).toBe(2);
  });

  it("needs a verified session", async () => {
    const admin = await verifiedAdmin(call);
    const unverified = (await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip })).body.token;
    nextTotpStep();
    const res = await call("POST", "/v1/admin/two-factor/recovery-codes", { token: unverified, ip: admin.ip, body: { code: await totp(admin.secret) } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("two_factor_required");
  });
});

describe("reset two-factor", () => {
  async function twoSessions(): Promise<{ admin: TAdmin; other: string }> {
    const admin = await verifiedAdmin(call);
    const login = await call("POST", "/v1/admin/auth/login", { body: { email: admin.email, password: admin.password }, ip: admin.ip });
    return { admin, other: login.body.token };
  }

  it("removes the authenticator and the codes, signs out other sessions, and sends this one to enrollment", async () => {
    const { admin, other } = await twoSessions();
    nextTotpStep();
    const res = await call("POST", "/v1/admin/two-factor/reset", { token: admin.token, ip: admin.ip, body: { code: await totp(admin.secret) } });
    expect(res.status).toBe(200);
    // the signup's session and the second login
    expect(res.body).toEqual({ enabled: false, other_sessions_signed_out: 2 });
    expect(await db().adminTwoFactor.findUnique({ where: { accountId: admin.accountId } })).toBeNull();
    expect(await recoveryHashes(admin.accountId)).toEqual([]);
    expect((await call("GET", "/v1/admin/me", { token: other, ip: admin.ip })).status).toBe(401);
    // this session lives on, unverified: console routes refuse it, enrollment starts over
    const status = await call("GET", "/v1/admin/two-factor/status", { token: admin.token, ip: admin.ip });
    expect(status.body).toMatchObject({ enabled: false, session_verified: false });
    expect((await call("GET", "/v1/admin/projects", { token: admin.token, ip: admin.ip })).status).toBe(403);
    const enroll = await call("POST", "/v1/admin/two-factor/enroll", { token: admin.token, ip: admin.ip });
    expect(enroll.status).toBe(200);
    expect(enroll.body.secret).not.toBe(admin.secret);
    const confirm = await call("POST", "/v1/admin/two-factor/confirm", { token: admin.token, ip: admin.ip, body: { code: await totp(enroll.body.secret) } });
    expect(confirm.status).toBe(200);
    expect((await call("GET", "/v1/admin/projects", { token: admin.token, ip: admin.ip })).status).toBe(200);
  });

  it("refuses a wrong code and changes nothing", async () => {
    const { admin, other } = await twoSessions();
    const tfBefore = await db().adminTwoFactor.findUniqueOrThrow({ where: { accountId: admin.accountId } });
    const codesBefore = await recoveryHashes(admin.accountId);
    const res = await call("POST", "/v1/admin/two-factor/reset", { token: admin.token, ip: admin.ip, body: { code: "123456" } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_code");
    const tfAfter = await db().adminTwoFactor.findUniqueOrThrow({ where: { accountId: admin.accountId } });
    expect(tfAfter.secretEncrypted).toBe(tfBefore.secretEncrypted);
    expect(tfAfter.confirmedAt).toEqual(tfBefore.confirmedAt);
    expect(await recoveryHashes(admin.accountId)).toEqual(codesBefore);
    expect((await call("GET", "/v1/admin/me", { token: other, ip: admin.ip })).status).toBe(200);
    expect((await call("GET", "/v1/admin/projects", { token: admin.token, ip: admin.ip })).status).toBe(200);
  });

  it("cannot be used on another account: the session decides whose two-factor is reset", async () => {
    const a = await verifiedAdmin(call);
    const b = await verifiedAdmin(call);
    nextTotpStep();
    // B's valid code with A's session is just a wrong code for A
    const res = await call("POST", "/v1/admin/two-factor/reset", { token: a.token, ip: a.ip, body: { code: await totp(b.secret) } });
    expect(res.status).toBe(401);
    expect(await db().adminTwoFactor.findUnique({ where: { accountId: a.accountId } })).not.toBeNull();
    expect(await db().adminTwoFactor.findUnique({ where: { accountId: b.accountId } })).not.toBeNull();
  });
});
