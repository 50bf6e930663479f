import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Development only: a random APP_SECRET kept in data/app-secret, so sessions and encrypted
 * secrets survive restarts without anyone choosing a secret. Production must set APP_SECRET.
 */
export function ensureDevAppSecret(dataDir = "data"): string {
  const file = path.resolve(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
