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

/**
 * The network an address belongs to: its /24 (IPv4) or /48 (IPv6, one site's prefix), the grain at
 * which an admin's usual places are recognised (the session list, the login's known networks), or
 * null for what is not an address.
 */
export function limitNetwork(ip: string): string | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === "ipv4") {
    const o = (addr as ipaddr.IPv4).octets;
    return `${o[0]}.${o[1]}.${o[2]}.0/24`;
  }
  return `${(addr as ipaddr.IPv6).parts.slice(0, 3).map((p) => p.toString(16)).join(":")}::/48`;
}
