import { hmacHex } from "@/server/lib/crypto";
import { limitAddress } from "@/server/rate-limit/address";

/**
 * The keyed hashes a run's start address is counted by (the address itself is never stored).
 * `network`: the address as the fraud gate and the limiters count it — an IPv4 address as it is,
 * an IPv6 address by its /64, inside which one subscriber may use as many addresses as it likes.
 * `address`: the full address's hash where that differs (IPv6), which is what runs and the address
 * rollup held before network counting (migration 0023); the gate counts rollup rows under either
 * for a day, so players recorded before the change still count.
 */
export type TAddressHashes = { network: string | null; address: string | null };

export const NO_ADDRESS: TAddressHashes = { network: null, address: null };

const hash = (value: string) => hmacHex("client-ip", value).slice(0, 32);

export function addressHashes(ip: string | undefined): TAddressHashes {
  if (!ip) return NO_ADDRESS;
  const network = limitAddress(ip);
  return { network: hash(network), address: network === ip ? null : hash(ip) };
}
