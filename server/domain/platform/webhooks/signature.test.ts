import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { overrideConfig } from "@/server/config/env";
import { advanceClock, nowSeconds } from "@/server/lib/clock";
import { signatureHeader, verifySignatureHeader, webhookSecret } from "./signature";

beforeAll(() => overrideConfig({ appSecret: "unit-test-secret-unit-test-secret-0000" }));

// Fixed vector: computed here with node:crypto, independently of the module under test.
const SECRET = "whsec_test_0123456789abcdef";
const PREVIOUS = "whsec_test_previous_secret";
const T = 1_700_000_000;
const BODY = '{"idempotency_key":"claim_1","reward":{"sku":"coupon-10","qty":1}}';
const EXPECTED_HEX = createHmac("sha256", SECRET).update(`${T}.${BODY}`).digest("hex");
const PREVIOUS_HEX = createHmac("sha256", PREVIOUS).update(`${T}.${BODY}`).digest("hex");

const secrets: Record<number, string> = { 1: PREVIOUS, 2: SECRET };
const only =
  (...versions: number[]) =>
  (v: number) =>
    versions.includes(v) ? (secrets[v] ?? null) : null;

describe("webhookSecret", () => {
  it("is deterministic per project and version, prefixed, and differs across both", () => {
    const s = webhookSecret("proj_1", 1);
    expect(s).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(webhookSecret("proj_1", 1)).toBe(s);
    expect(webhookSecret("proj_1", 2)).not.toBe(s);
    expect(webhookSecret("proj_2", 1)).not.toBe(s);
  });

  it("follows APP_SECRET and refuses nonsense versions", () => {
    const s = webhookSecret("proj_1", 1);
    overrideConfig({ appSecret: "another-unit-test-secret-0000000000" });
    try {
      expect(webhookSecret("proj_1", 1)).not.toBe(s);
    } finally {
      overrideConfig({ appSecret: "unit-test-secret-unit-test-secret-0000" });
    }
    expect(() => webhookSecret("proj_1", 0)).toThrow();
    expect(() => webhookSecret("proj_1", 1.5)).toThrow();
  });
});

describe("signatureHeader", () => {
  it("signs `<t>.<raw body>` with HMAC-SHA256 (fixed vector)", () => {
    expect(signatureHeader({ t: T, version: 2, body: BODY, secrets: [SECRET] })).toBe(`t=${T},v=2,v1=${EXPECTED_HEX}`);
  });

  it("signs the exact bytes of a Buffer body", () => {
    const bytes = Buffer.from(BODY, "utf8");
    expect(signatureHeader({ t: T, version: 2, body: bytes, secrets: [SECRET] })).toBe(`t=${T},v=2,v1=${EXPECTED_HEX}`);
  });

  it("adds one v1 per secret, current first", () => {
    expect(signatureHeader({ t: T, version: 2, body: BODY, secrets: [SECRET, PREVIOUS] })).toBe(`t=${T},v=2,v1=${EXPECTED_HEX},v1=${PREVIOUS_HEX}`);
  });

  it("refuses to sign without a secret or with a fractional time", () => {
    expect(() => signatureHeader({ t: T, version: 1, body: BODY, secrets: [] })).toThrow();
    expect(() => signatureHeader({ t: T + 0.5, version: 1, body: BODY, secrets: [SECRET] })).toThrow();
  });
});

describe("verifySignatureHeader", () => {
  const valid = `t=${T},v=2,v1=${EXPECTED_HEX}`;
  const verify = (header: string | undefined, opts: { body?: string | Buffer; now?: number; secretFor?: (v: number) => string | null } = {}) =>
    verifySignatureHeader({ header, rawBody: opts.body ?? BODY, secretFor: opts.secretFor ?? only(2), nowSeconds: opts.now ?? T });

  it("accepts the fixed vector, as a string or as raw bytes", () => {
    expect(verify(valid)).toEqual({ ok: true, version: 2, t: T });
    expect(verify(valid, { body: Buffer.from(BODY) })).toEqual({ ok: true, version: 2, t: T });
  });

  it("refuses a body with one byte changed", () => {
    const tampered = Buffer.from(BODY);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 2) ^ 0x01, tampered.length - 2);
    expect(verify(valid, { body: tampered })).toEqual({ ok: false, reason: "mismatch" });
    // Re-serialised JSON is a different byte string, hence refused as well.
    expect(verify(valid, { body: JSON.stringify(JSON.parse(BODY), null, 1) })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a time outside the 300 s window in either direction, and accepts its edges", () => {
    expect(verify(valid, { now: T + 300 }).ok).toBe(true);
    expect(verify(valid, { now: T - 300 }).ok).toBe(true);
    expect(verify(valid, { now: T + 301 })).toEqual({ ok: false, reason: "stale" });
    expect(verify(valid, { now: T - 301 })).toEqual({ ok: false, reason: "future" });
  });

  it("reads the one clock when no time is given", () => {
    const t = nowSeconds();
    const header = signatureHeader({ t, version: 2, body: BODY, secrets: [SECRET] });
    const check = () => verifySignatureHeader({ header, rawBody: BODY, secretFor: only(2) });
    expect(check().ok).toBe(true);
    advanceClock(301_000);
    expect(check()).toEqual({ ok: false, reason: "stale" });
  });

  it("accepts when any v1 matches and refuses when none does", () => {
    expect(verify(`t=${T},v=2,v1=junk,v1=${EXPECTED_HEX}`).ok).toBe(true);
    expect(verify(`t=${T},v=2,v1=${"0".repeat(64)},v1=${EXPECTED_HEX}`).ok).toBe(true);
    expect(verify(`t=${T},v=2,v1=junk`)).toEqual({ ok: false, reason: "mismatch" });
    expect(verify(`t=${T},v=2,v1=${"0".repeat(64)},v1=${EXPECTED_HEX.slice(0, 63)}`)).toEqual({ ok: false, reason: "mismatch" });
  });

  it("ignores unknown schemes next to v1", () => {
    expect(verify(`t=${T},v=2,v2=whatever,v1=${EXPECTED_HEX}`).ok).toBe(true);
  });

  it.each([
    ["missing t", `v=2,v1=${EXPECTED_HEX}`],
    ["t twice", `t=${T},t=${T},v=2,v1=${EXPECTED_HEX}`],
    ["non-numeric t", `t=soon,v=2,v1=${EXPECTED_HEX}`],
    ["no v1", `t=${T},v=2`],
    ["v zero", `t=${T},v=0,v1=${EXPECTED_HEX}`],
    ["a part without =", `t=${T},v=2,${EXPECTED_HEX}`],
    ["empty", ""],
    ["absent", undefined],
  ])("refuses a malformed header (%s)", (_name, header) => {
    expect(verify(header)).toEqual({ ok: false, reason: "malformed" });
  });

  it("treats an absent v as version 1", () => {
    const header = `t=${T},v1=${PREVIOUS_HEX}`;
    expect(verify(header, { secretFor: only(1) })).toEqual({ ok: true, version: 1, t: T });
    expect(verify(header, { secretFor: only(2) })).toEqual({ ok: false, reason: "unknown_version" });
  });

  it("accepts the previous version's signature only while secretFor still returns that secret", () => {
    const before = signatureHeader({ t: T, version: 1, body: BODY, secrets: [PREVIOUS] });
    // Within the caller's grace period it hands out version 1 as well...
    expect(verify(before, { secretFor: only(1, 2) })).toEqual({ ok: true, version: 1, t: T });
    // ...and after it, version 1 is unknown.
    expect(verify(before, { secretFor: only(2) })).toEqual({ ok: false, reason: "unknown_version" });
  });

  it("verifies a dual-signed rotation header with the current secret", () => {
    const header = signatureHeader({ t: T, version: 2, body: BODY, secrets: [SECRET, PREVIOUS] });
    expect(verify(header, { secretFor: only(2) })).toEqual({ ok: true, version: 2, t: T });
  });

  it("round-trips with the derived project secret", () => {
    const secret = webhookSecret("proj_rt", 3);
    const header = signatureHeader({ t: T, version: 3, body: BODY, secrets: [secret] });
    expect(verify(header, { secretFor: (v) => (v === 3 ? secret : null) }).ok).toBe(true);
    expect(verify(header, { secretFor: (v) => (v === 3 ? webhookSecret("other", 3) : null) })).toEqual({ ok: false, reason: "mismatch" });
  });
});
