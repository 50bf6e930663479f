import ipaddr from "ipaddr.js";
import { hmacHex } from "@/server/lib/crypto";
import { limitAddress, limitNetwork } from "@/server/rate-limit/address";

/**
 * What the session list shows about where a session lives, without keeping more than it needs:
 * the user agent as sent (capped), and the network of the address — its /24 (IPv4) or /48 (IPv6)
 * — never the full address.
 */
export type TSessionClient = { userAgent: string | null; network: string | null; addressHash: string | null };

export function sessionClient(opts: { ip: string; userAgent: string | undefined | null }): TSessionClient {
  const ua = opts.userAgent?.trim();
  return { userAgent: ua ? ua.slice(0, 512) : null, network: networkOf(opts.ip), addressHash: loginAddressHash(opts.ip) };
}

/**
 * The address as the login limits count it (an IPv4 address, an IPv6 /64: limitAddress), as a
 * keyed hash: the login knows an account's own addresses without keeping any.
 */
export function loginAddressHash(ip: string): string | null {
  return ip && ipaddr.isValid(ip) ? hmacHex("admin-login-address", limitAddress(ip)) : null;
}

export function networkOf(ip: string): string | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.range() === "loopback") return "localhost";
  return limitNetwork(ip);
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
  [/\bcurl\//i, "curl"],
  [/\bnode(-fetch)?\b|\bundici\b/i, "Node.js client"],
  [/\bpython-requests\b|\bPython\b/i, "Python client"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** "Chrome on macOS", "Safari on iPhone", "Unknown device": a simple reading of the user agent, good enough to recognise a session. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return "Unknown device";
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Browser on ${system}` : "Unknown device");
}
