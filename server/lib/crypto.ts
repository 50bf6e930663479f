import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { appSecret } from "./app-secret";
import { secureRandomBytes } from "./random";

/**
 * Keys are derived per purpose from APP_SECRET with HKDF, so one leaked derived key (say, the
 * player-token key) does not expose the others.
 */
export type TKeyPurpose = "admin-jwt" | "player-jwt" | "totp-secret" | "recovery-code" | "anon-id" | "webhook-secret" | "erasure" | "client-ip" | "inbox-token" | "effect-token" | "wheel-seed" | "payment-fake" | "event-cursor" | "leaderboard" | "billing-player" | "admin-login-address" | "admin-sso-subject" | "admin-sso-link" | "admin-sso-handoff";

const cache = new Map<string, Buffer>();
export function derivedKey(purpose: TKeyPurpose): Buffer {
  const secret = appSecret();
  const id = `${purpose}:${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "playloop", purpose, 32));
    cache.set(id, key);
  }
  return key;
}

export { sha256Hex } from "./hash";

export function hmacHex(purpose: TKeyPurpose, value: string): string {
  return createHmac("sha256", derivedKey(purpose)).update(value).digest("hex");
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Constant-time comparison of two strings (different lengths compare false without leaking where). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

/** AES-256-GCM; output `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function encrypt(purpose: TKeyPurpose, plaintext: string): string {
  const iv = secureRandomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(purpose), iv);
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(".");
}

export function decrypt(purpose: TKeyPurpose, payload: string): string {
  const [version, iv, tag, ct] = payload.split(".");
  if (version !== "v1" || !iv || !tag || ct === undefined) throw new Error("unsupported ciphertext");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey(purpose), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

const cryptoKeys = new Map<string, Promise<CryptoKey>>();
/**
 * The derived key as a WebCrypto HMAC key, imported once: jose imports raw secrets on every
 * sign/verify otherwise, which showed up as the top cost of an authenticated request.
 */
export function hmacCryptoKey(purpose: TKeyPurpose): Promise<CryptoKey> {
  const id = `${purpose}:${appSecret()}`;
  let key = cryptoKeys.get(id);
  if (!key) {
    key = globalThis.crypto.subtle.importKey("raw", new Uint8Array(derivedKey(purpose)), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    cryptoKeys.set(id, key);
  }
  return key;
}
