import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/server/config/env";

/**
 * APP_SECRET, or (outside production only) a random secret kept in data/app-secret so sessions
 * and encrypted secrets survive restarts without anyone having to choose one.
 */
export function appSecret(): string {
  const c = config();
  if (c.appSecret) return c.appSecret;
  if (c.production) throw new Error("APP_SECRET is required in production");
  return ensureDevAppSecret();
}

export function ensureDevAppSecret(dataDir = "data"): string {
  const file = path.resolve(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
