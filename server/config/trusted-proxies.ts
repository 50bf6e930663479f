import ipaddr from "ipaddr.js";

export type TTrustedProxies = ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

/**
 * Parses TRUSTED_PROXIES: a comma-separated list of IPs or CIDR ranges. An empty list trusts
 * nobody. Invalid syntax or a /0 range (which would trust the whole internet) is refused, because
 * a misconfigured proxy list silently lets any client choose its own address.
 */
export function parseTrustedProxies(value: string): TTrustedProxies {
  const out: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const entry of value.split(",").map((s) => s.trim()).filter(Boolean)) {
    let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
    try {
      range = entry.includes("/") ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), entry.includes(":") ? 128 : 32];
    } catch {
      throw new Error(`TRUSTED_PROXIES has an invalid IP or CIDR: "${entry}"`);
    }
    // Checked after the IPv4-mapped form is turned into IPv4: `::ffff:0:0/96` is 0.0.0.0/0.
    const normalised = normalise(range);
    if (normalised[1] === 0) throw new Error(`TRUSTED_PROXIES may not contain a /0 range: "${entry}"`);
    out.push(normalised);
  }
  return out;
}

function normalise([addr, bits]: [ipaddr.IPv4 | ipaddr.IPv6, number]): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [addr, bits];
}

/**
 * An address as proxies write it: bare, or with a port (`203.0.113.5:4711`, `[2001:db8::1]:443`,
 * `[2001:db8::1]`). A bare IPv6 address has several colons and no brackets, so it has no port.
 */
function stripPort(hop: string): string {
  const s = hop.trim();
  if (s.startsWith("[")) {
    const end = s.indexOf("]");
    return end === -1 ? s : s.slice(1, end);
  }
  const colon = s.indexOf(":");
  if (colon !== -1 && colon === s.lastIndexOf(":")) return s.slice(0, colon);
  return s;
}

function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    const addr = ipaddr.parse(stripPort(ip));
    if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) return (addr as ipaddr.IPv6).toIPv4Address();
    return addr;
  } catch {
    return null;
  }
}

function isTrusted(ip: string, proxies: TTrustedProxies): boolean {
  const addr = parseAddress(ip);
  if (!addr) return false;
  return proxies.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
}

/**
 * The client address: walk X-Forwarded-For from the right while each hop is a trusted proxy.
 * Only when the direct peer is trusted is the header consulted at all.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, proxies: TTrustedProxies): string {
  const peerNorm = parseAddress(peer)?.toString() ?? peer;
  if (!forwardedFor || proxies.length === 0 || !isTrusted(peerNorm, proxies)) return peerNorm;
  const hops = forwardedFor.split(",").map((s) => s.trim()).filter(Boolean);
  let candidate = peerNorm;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseAddress(hops[i]!);
    if (!hop) break;
    candidate = hop.toString();
    if (!isTrusted(candidate, proxies)) break;
  }
  return candidate;
}
