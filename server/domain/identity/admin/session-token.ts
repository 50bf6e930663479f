import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { hmacCryptoKey } from "@/server/lib/crypto";
import { verifyHs256Jwt } from "@/server/lib/jwt-hs256";
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

/** Verifies signature, algorithm (HS256 only: `alg=none` and others are refused), issuer, audience and expiry against the one clock (server/lib/jwt-hs256.ts). */
export async function verifyAdminToken(token: string): Promise<TAdminClaims | null> {
  const payload = verifyHs256Jwt(token, { purpose: "admin-jwt", issuer: ISSUER, audience: AUDIENCE, at: now() });
  if (!payload || payload.typ !== "admin" || typeof payload.sid !== "string" || typeof payload.sub !== "string" || typeof payload.exp !== "number") return null;
  return { accountId: payload.sub, sessionId: payload.sid, exp: payload.exp };
}
