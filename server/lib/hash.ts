import { createHash } from "node:crypto";

/**
 * Hashes that need no secret, for code that must load nothing else: a decider that fingerprints
 * what it decided from (the wheel's draft) imports this, not crypto.ts, which reads the app secret
 * (from a file in local mode). crypto.ts exports it too.
 */
export function sha256Hex(value: string | Buffer): string {
  return createHash("sha256").update(value).digest("hex");
}
