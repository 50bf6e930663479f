import { describe, expect, it } from "vitest";
import { checkAddress, isLocalhostName } from "./outbound-address";

describe("checkAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "reserved"],
    ["198.18.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "scoped"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:0:10.0.0.1", "rfc6145"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b:1::808:808", "rfc6052"],
    ["2002:7f00:1::", "loopback"],
    ["2002:a9fe:a9fe::1", "linkLocal"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    // IPv4-compatible (deprecated): ipaddr.js calls `::7f00:1` unicast and reads `::127.0.0.1`
    // as mapped; both are refused.
    ["::7f00:1", "reserved"],
    ["::127.0.0.1", "loopback"],
    ["2001:db8::1", "reserved"],
    ["100::1", "discard"],
    ["not-an-ip", "invalid"],
    ["0x7f.0.0.1", "invalid"],
  ])("refuses %s (%s)", (ip, range) => {
    expect(checkAddress(ip)).toEqual({ ok: false, range });
  });

  it.each([
    ["8.8.8.8", "8.8.8.8", 4],
    ["93.184.216.34", "93.184.216.34", 4],
    ["2606:4700:4700::1111", "2606:4700:4700::1111", 6],
    // Mapped addresses are connected to as the IPv4 inside.
    ["::ffff:8.8.8.8", "8.8.8.8", 4],
    ["64:ff9b::808:808", "64:ff9b::808:808", 6],
    ["2002:808:808::1", "2002:808:808::1", 6],
  ])("allows %s", (ip, address, family) => {
    expect(checkAddress(ip)).toEqual({ ok: true, address, family });
  });
});

describe("isLocalhostName", () => {
  it.each(["localhost", "LOCALHOST", "localhost.", "api.localhost", "a.b.localhost."])("%s is local", (name) => {
    expect(isLocalhostName(name)).toBe(true);
  });
  it.each(["localhost.example.com", "notlocalhost", "example.com"])("%s is not", (name) => {
    expect(isLocalhostName(name)).toBe(false);
  });
});
