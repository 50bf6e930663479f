import { randomFillSync } from "node:crypto";

/**
 * Bytes of the operating system's CSPRNG (node:crypto), drawn 4 KiB at a time and handed out once
 * each, as Node's own `randomUUID` does with its entropy. A `randomBytes` call pays OpenSSL's
 * per-call cost whatever its size: ~25 k instructions for 32 bytes (a spin drew four: its two
 * seeds and two encryption IVs, `npm run bench:instructions` with INSTR_MONEY=1), against a copy
 * out of the pool. Every byte is given out once (a copy); a request larger than a quarter of the
 * pool is drawn on its own.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

export function secureRandomBytes(n: number): Buffer {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`secureRandomBytes: ${n} is not a byte count`);
  if (n > POOL_BYTES / 4) return randomFillSync(Buffer.alloc(n));
  if (offset + n > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_BYTES));
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + n));
  offset += n;
  return out;
}

/** `n` random bytes as hex (2n characters). */
export function secureRandomHex(n: number): string {
  return secureRandomBytes(n).toString("hex");
}
