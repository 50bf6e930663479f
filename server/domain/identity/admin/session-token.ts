import { randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { hmacCryptoKey } from "@/server/lib/crypto";
import { now } from "@/server/lib/clock";

/**
 * Admin JWTs: HS256, `typ` admin, `sid` = the registry row. The signature alone never admits a
 * request: resolveAdminSession also requires an active registry row with the token's SHA-256.
 */
const ISSUER = "playloop";
const AUDIENCE = "playloop-admin";

export async function signAdminToken(opts: { accountId: string; sessionId: string; expiresAt: Date }): Promise<string> {
  const iat = Math.floor(now().getTime() / 1000);
  return new SignJWT({ sid: opts.sessionId, typ: "admin" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(opts.accountId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(opts.expiresAt.getTime() / 1000))
    .sign(await hmacCryptoKey("admin-jwt"));
}

export type TAdminClaims = { accountId: string; sessionId: string; exp: number };

/** Verifies signature, algorithm (HS256 only: `alg=none` and others are refused) and expiry against the one clock. */
export async function verifyAdminToken(token: string): Promise<TAdminClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacCryptoKey("admin-jwt"), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now(),
      clockTolerance: 0,
    });
    if (payload.typ !== "admin" || typeof payload.sid !== "string" || typeof payload.sub !== "string" || typeof payload.exp !== "number") {
      return null;
    }
    // jose accepts a token until the end of its exp second; ours is invalid from that second on.
    if (Math.floor(now().getTime() / 1000) >= payload.exp) return null;
    return { accountId: payload.sub, sessionId: payload.sid, exp: payload.exp };
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}
