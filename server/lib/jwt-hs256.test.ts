import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import { describe, expect, it } from "vitest";
import { derivedKey, hmacCryptoKey } from "./crypto";
import { verifyHs256Jwt } from "./jwt-hs256";

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const at = new Date("2026-11-30T12:00:00Z");
const seconds = Math.floor(at.getTime() / 1000);
const opts = { purpose: "player-jwt" as const, audience: "playloop-player", at };

/** A token as jose signs ours. */
async function signed(claims: JWTPayload & { exp?: number }, header: Record<string, unknown> = { alg: "HS256", typ: "JWT" }) {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(await hmacCryptoKey("player-jwt"));
}

/** A token signed by hand over any header and payload text (what an attacker could send). */
function forged(header: unknown, payload: unknown, key = derivedKey("player-jwt"), alg = "sha256") {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac(alg, key).update(head).digest("base64url")}`;
}

const valid = { aud: "playloop-player", sub: "shopper-1", iat: seconds - 10, exp: seconds + 60, typ: "player" };

describe("HS256 tokens verified in this thread", () => {
  it("accepts a token jose signed with the purpose's key, and answers its payload", async () => {
    expect(verifyHs256Jwt(await signed(valid), opts)).toEqual(valid);
    expect(verifyHs256Jwt(await signed({ ...valid, aud: ["other", "playloop-player"] }), opts)).not.toBeNull();
  });

  it("refuses another key, another algorithm, `none` and a critical header", async () => {
    expect(verifyHs256Jwt(forged({ alg: "HS256" }, valid, derivedKey("admin-jwt")), opts)).toBeNull();
    expect(verifyHs256Jwt(forged({ alg: "HS512" }, valid, derivedKey("player-jwt"), "sha512"), opts)).toBeNull();
    expect(verifyHs256Jwt(`${b64({ alg: "none", typ: "JWT" })}.${b64(valid)}.`, opts)).toBeNull();
    expect(verifyHs256Jwt(forged({ alg: "HS256", crit: ["exp"] }, valid), opts)).toBeNull();
    // a header that names another algorithm is refused even with the right HS256 signature over it
    expect(verifyHs256Jwt(forged({ alg: "HS512" }, valid), opts)).toBeNull();
    expect(verifyHs256Jwt(forged({ alg: "none" }, valid), opts)).toBeNull();
    expect(verifyHs256Jwt(forged({ typ: "JWT" }, valid), opts)).toBeNull();
    expect(verifyHs256Jwt(forged({ alg: "HS256" }, valid), opts)).not.toBeNull();
  });

  it("refuses an altered payload or signature, also one that decodes to the same bytes", async () => {
    const token = await signed(valid);
    const [h, , sig] = token.split(".");
    expect(verifyHs256Jwt(`${h}.${b64({ ...valid, sub: "someone-else" })}.${sig}`, opts)).toBeNull();
    const flipped = sig!.slice(0, -2) + (sig!.at(-2) === "A" ? "B" : "A") + sig!.at(-1);
    expect(verifyHs256Jwt(`${h}.${token.split(".")[1]}.${flipped}`, opts)).toBeNull();
    // The last character of 43 carries 2 unused bits: another one with the same 6-bit prefix decodes to the same 32 bytes.
    const last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const twin = last[last.indexOf(sig!.at(-1)!) ^ 1]!;
    expect(Buffer.from(sig!.slice(0, -1) + twin, "base64url")).toEqual(Buffer.from(sig!, "base64url"));
    expect(verifyHs256Jwt(`${token.slice(0, -1)}${twin}`, opts)).toBeNull();
    expect(verifyHs256Jwt(`${token}x`, opts)).toBeNull();
    expect(verifyHs256Jwt(`${token}.x`, opts)).toBeNull();
    expect(verifyHs256Jwt("not a token", opts)).toBeNull();
    expect(verifyHs256Jwt(forged({ alg: "HS256" }, "a string, not claims"), opts)).toBeNull();
  });

  it("checks the audience, the issuer when asked, and the token's times", async () => {
    expect(verifyHs256Jwt(await signed({ ...valid, aud: "playloop-admin" }), opts)).toBeNull();
    expect(verifyHs256Jwt(await signed({ ...valid, aud: undefined }), opts)).toBeNull();
    expect(verifyHs256Jwt(await signed({ ...valid, iss: "playloop" }), { ...opts, issuer: "playloop" })).not.toBeNull();
    expect(verifyHs256Jwt(await signed(valid), { ...opts, issuer: "playloop" })).toBeNull();
    // invalid from its exp second on
    expect(verifyHs256Jwt(await signed({ ...valid, exp: seconds + 1 }), opts)).not.toBeNull();
    expect(verifyHs256Jwt(await signed({ ...valid, exp: seconds }), opts)).toBeNull();
    expect(verifyHs256Jwt(await signed({ ...valid, exp: undefined }), opts)).toBeNull();
    expect(verifyHs256Jwt(forged({ alg: "HS256" }, { ...valid, exp: String(seconds + 60) }), opts)).toBeNull();
    expect(verifyHs256Jwt(await signed({ ...valid, nbf: seconds + 5 }), opts)).toBeNull();
    expect(verifyHs256Jwt(await signed({ ...valid, nbf: seconds }), opts)).not.toBeNull();
    expect(verifyHs256Jwt(forged({ alg: "HS256" }, { ...valid, iat: "yesterday" }), opts)).toBeNull();
  });

  it("agrees with jose's jwtVerify on every variant (but the exp second, which ours refuses)", async () => {
    const key = await hmacCryptoKey("player-jwt");
    const variants = [
      await signed(valid),
      await signed({ ...valid, aud: "playloop-admin" }),
      await signed({ ...valid, exp: seconds - 1 }),
      await signed({ ...valid, nbf: seconds + 30 }),
      await signed({ ...valid, aud: ["x", "playloop-player"] }),
      forged({ alg: "HS256" }, valid, derivedKey("admin-jwt")),
      forged({ alg: "HS512" }, valid, derivedKey("player-jwt"), "sha512"),
      forged({ alg: "HS256", crit: ["b64"], b64: false }, valid),
      `${b64({ alg: "none" })}.${b64(valid)}.`,
      (await signed(valid)).slice(0, -3) + "AAA",
    ];
    for (const token of variants) {
      const theirs = await jwtVerify(token, key, { algorithms: ["HS256"], audience: "playloop-player", currentDate: at }).then(() => true, () => false);
      expect({ token, ours: verifyHs256Jwt(token, opts) !== null }).toEqual({ token, ours: theirs });
    }
  });
});
