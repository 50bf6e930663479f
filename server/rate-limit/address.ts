import ipaddr from "ipaddr.js";

/**
 * The address a per-address limit counts by: an IPv4 address as it is, an IPv6 address by its /64
 * — the prefix one subscriber or one host is given, inside which it may use as many addresses as
 * it likes (privacy extensions rotate them). Counted per /128, one /64 would be 2^64 buckets.
 */
export function limitAddress(ip: string): string {
  if (!ip || !ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv4") return addr.toString();
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts.slice(0, 4).map((p) => p.toString(16)).join(":")}::/64`;
}
