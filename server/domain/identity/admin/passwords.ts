import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id (memory-hard) from @node-rs/argon2: prebuilt binaries from the npm registry, no
 * install-time download. Parameters follow OWASP's 19 MiB / 2 iterations baseline.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verified against when an email is unknown, so a miss costs as much time as a hit.
let dummy: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword("not-a-real-password-but-same-cost");
  await verifyPassword(await dummy, password);
}

export function passwordLengthOk(password: string): boolean {
  const bytes = Buffer.byteLength(password, "utf8");
  return bytes >= 8 && bytes <= 1024;
}
