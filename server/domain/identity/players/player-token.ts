import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { hmacCryptoKey } from "@/server/lib/crypto";
import { verifyHs256Jwt } from "@/server/lib/jwt-hs256";
import { now } from "@/server/lib/clock";

/**
 * Player session tokens: HS256 with a key of their own (an admin JWT or any other token never
 * verifies here), stateless so any web instance can check them without a lookup.
 */
export type TPlayerSession = {
  projectId: string;
  externalUserId: string;
  subjectType: "verified" | "anonymous";
  sessionId: string;
  origin: string | null;
  /** When it was issued (to the millisecond; a token without `ims` counts from its `iat` second). */
  issuedAt: Date;
  expiresAt: Date;
};

const AUDIENCE = "playloop-player";

export async function signPlayerToken(s: Omit<TPlayerSession, "sessionId" | "issuedAt">): Promise<{ token: string; sessionId: string }> {
  const sessionId = randomUUID();
  const issuedAt = now().getTime();
  const token = await new SignJWT({ pid: s.projectId, st: s.subjectType, typ: "player", ims: issuedAt, ...(s.origin ? { org: s.origin } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(s.externalUserId)
    .setAudience(AUDIENCE)
    .setJti(sessionId)
    .setIssuedAt(Math.floor(issuedAt / 1000))
    .setExpirationTime(Math.floor(s.expiresAt.getTime() / 1000))
    .sign(await hmacCryptoKey("player-jwt"));
  return { token, sessionId };
}

/**
 * Tokens already verified by this process, so each is checked once, not on every request (a
 * map lookup instead of an HMAC and two JSON decodes). Only valid tokens are kept, at most
 * VERIFIED_MAX (the oldest go first), and a hit is still refused once the token has expired. The tokens are
 * stateless, so this is a cache of a pure function: every instance reaches the same answer.
 *
 * Keyed by the token's last KEY_CHARS characters (its signature's end), and a hit is one whose
 * whole token is the same text: a request's token is a new string every time, and a map keyed by
 * the whole token hashed all of it (~300 characters, ~4.9 k instructions a request,
 * `npm run bench:instructions`, 2026-12-04) before comparing it anyway. Two valid tokens that end
 * alike only take each other's place; a token that ends like a cached one and differs anywhere
 * (another payload under a copied signature) is not a hit and is verified.
 */
const VERIFIED_MAX = 20_000;
const KEY_CHARS = 16;
const verified = new Map<string, { token: string; session: TPlayerSession }>();

export async function verifyPlayerToken(token: string): Promise<TPlayerSession | null> {
  const key = token.slice(-KEY_CHARS);
  const hit = verified.get(key);
  if (hit && hit.token === token) {
    if (now().getTime() < hit.session.expiresAt.getTime()) return hit.session;
    verified.delete(key);
    return null;
  }
  const session = verifyPlayerTokenSignature(token);
  if (session) {
    if (!hit && verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(key, { token, session: Object.freeze(session) });
  }
  return session;
}

/** The signature and claims (server/lib/jwt-hs256.ts: checked in this thread, not on WebCrypto's thread pool), then the player claims. */
function verifyPlayerTokenSignature(token: string): TPlayerSession | null {
  const payload = verifyHs256Jwt(token, { purpose: "player-jwt", audience: AUDIENCE, at: now() });
  if (!payload || payload.typ !== "player" || typeof payload.pid !== "string" || typeof payload.sub !== "string" || typeof payload.exp !== "number") return null;
  if (payload.st !== "verified" && payload.st !== "anonymous") return null;
  return {
    projectId: payload.pid,
    externalUserId: payload.sub,
    subjectType: payload.st,
    sessionId: String(payload.jti ?? ""),
    origin: typeof payload.org === "string" ? payload.org : null,
    issuedAt: new Date(typeof payload.ims === "number" ? payload.ims : (payload.iat ?? 0) * 1000),
    expiresAt: new Date(payload.exp * 1000),
  };
}
