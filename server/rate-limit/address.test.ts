import { describe, expect, it } from "vitest";
import { limitAddress } from "./address";

describe("limitAddress", () => {
  it("counts IPv6 addresses by their /64, whatever their spelling", () => {
    expect(limitAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limitAddress("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(limitAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("keeps IPv4 addresses whole, also when written as IPv4-mapped IPv6", () => {
    expect(limitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(limitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(limitAddress("203.0.113.8")).not.toBe(limitAddress("203.0.113.7"));
  });

  it("leaves anything that is not an address as it came", () => {
    expect(limitAddress("")).toBe("");
    expect(limitAddress("unknown")).toBe("unknown");
  });
});
