import { describe, expect, it } from "vitest";
import { hmacHex } from "@/server/lib/crypto";
import { addressHashes } from "./address-keys";

const legacy = (ip: string) => hmacHex("client-ip", ip).slice(0, 32);

describe("addressHashes", () => {
  it("counts every address of one IPv6 /64 as one network, and keeps each full address's old hash", () => {
    const a = addressHashes("2001:db8:aa:bb::1");
    const b = addressHashes("2001:db8:aa:bb:ffff:1:2:3");
    expect(a.network).toBe(b.network);
    expect(a.address).toBe(legacy("2001:db8:aa:bb::1"));
    expect(b.address).toBe(legacy("2001:db8:aa:bb:ffff:1:2:3"));
    expect(addressHashes("2001:db8:aa:bc::1").network).not.toBe(a.network);
  });

  it("leaves an IPv4 address's hash as it was, and maps an IPv4-mapped IPv6 address to its IPv4 network", () => {
    expect(addressHashes("198.51.100.7")).toEqual({ network: legacy("198.51.100.7"), address: null });
    expect(addressHashes("::ffff:198.51.100.7").network).toBe(legacy("198.51.100.7"));
  });

  it("has no hashes without an address", () => {
    expect(addressHashes(undefined)).toEqual({ network: null, address: null });
  });
});
