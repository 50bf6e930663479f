import { beforeAll, describe, expect, it } from "vitest";
import { overrideConfig } from "@/server/config/env";
import { decrypt, derivedKey, encrypt, hmacHex, safeEqual, sha256Hex } from "./crypto";

beforeAll(() => overrideConfig({ appSecret: "unit-test-secret-unit-test-secret-0000" }));

describe("crypto helpers", () => {
  it("derives a different key per purpose", () => {
    expect(derivedKey("admin-jwt").equals(derivedKey("player-jwt"))).toBe(false);
    expect(derivedKey("admin-jwt")).toHaveLength(32);
  });

  it("round-trips encryption and rejects tampering", () => {
    const box = encrypt("totp-secret", "JBSWY3DPEHPK3PXP");
    expect(box).not.toContain("JBSWY3DPEHPK3PXP");
    expect(decrypt("totp-secret", box)).toBe("JBSWY3DPEHPK3PXP");
    const parts = box.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decrypt("totp-secret", parts.join("."))).toThrow();
    expect(() => decrypt("recovery-code", box)).toThrow();
  });

  it("compares in constant time and hashes deterministically", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
    expect(sha256Hex("x")).toBe(sha256Hex("x"));
    expect(hmacHex("anon-id", "x")).not.toBe(sha256Hex("x"));
  });
});
