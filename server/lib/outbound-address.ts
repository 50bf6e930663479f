import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which resolved addresses an outbound webhook may connect to. The policy is an allow-list: only
 * what ipaddr.js classes as `unicast` (public, routable) passes, because a deny-list of "private"
 * ranges always forgets one (CGNAT, benchmarking, 0.0.0.0/8 reaching the local host on Linux...).
 *
 * IPv6 forms that carry an IPv4 address are judged by the IPv4 inside, so `::ffff:127.0.0.1`,
 * `64:ff9b::10.0.0.1` (NAT64) and `2002:7f00:1::` (6to4) cannot smuggle a private target.
 */
export type TAddressVerdict =
  | { ok: true; /** the address to connect to */ address: string; family: 4 | 6 }
  | { ok: false; /** the ipaddr.js range (or our own name) that refused it */ range: string };

// 2000::/3 is the only IPv6 block IANA delegates as global unicast; ipaddr.js calls everything it
// has no name for `unicast`, including the deprecated IPv4-compatible form `::127.0.0.1`.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** `ip` is a literal address as DNS or the URL parser produced it; anything else is refused. */
export function checkAddress(ip: string): TAddressVerdict {
  const family = net.isIP(ip);
  if (family === 0) return { ok: false, range: "invalid" };
  const addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv4") return checkV4(addr as ipaddr.IPv4);
  return checkV6(addr as ipaddr.IPv6);
}

function checkV4(addr: ipaddr.IPv4): TAddressVerdict {
  const range = addr.range();
  return range === "unicast" ? { ok: true, address: addr.toString(), family: 4 } : { ok: false, range };
}

function checkV6(addr: ipaddr.IPv6): TAddressVerdict {
  // A zone id only makes sense for link-local targets, which are refused anyway.
  if (addr.zoneId) return { ok: false, range: "scoped" };
  const range = addr.range();
  const p = addr.parts;
  if (range === "ipv4Mapped") {
    // The kernel sends these to the IPv4 address, so connect to (and report) exactly that.
    return checkV4(addr.toIPv4Address());
  }
  if (range === "rfc6052") {
    // Only the well-known /96 NAT64 prefix has the IPv4 in the last 32 bits; the local-use
    // 64:ff9b:1::/48 embeds it at an operator-chosen position we cannot read, so it is refused.
    if (p[2] !== 0 || p[3] !== 0 || p[4] !== 0 || p[5] !== 0) return { ok: false, range };
    return viaEmbedded(addr, p[6]!, p[7]!);
  }
  if (range === "6to4") return viaEmbedded(addr, p[1]!, p[2]!);
  // Teredo (client address obfuscated, reached through relays) and the rest are refused.
  if (range !== "unicast") return { ok: false, range };
  if (!addr.match(GLOBAL_UNICAST_V6)) return { ok: false, range: "reserved" };
  return { ok: true, address: addr.toString(), family: 6 };
}

/** A translated IPv6 address passes only when the IPv4 it leads to would pass on its own. */
function viaEmbedded(addr: ipaddr.IPv6, high: number, low: number): TAddressVerdict {
  const inner = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const verdict = checkV4(inner);
  if (!verdict.ok) return verdict;
  return { ok: true, address: addr.toString(), family: 6 };
}

/**
 * `localhost` and `*.localhost` are refused by name (RFC 6761 reserves them for the loopback), so
 * a resolver that answers them oddly never gets the chance. A trailing root dot changes nothing.
 */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/** 127.0.0.0/8, ::1, or an IPv4-mapped loopback address: this machine. */
export function isLoopbackAddress(ip: string): boolean {
  if (net.isIP(ip) === 0) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() === "loopback";
}
