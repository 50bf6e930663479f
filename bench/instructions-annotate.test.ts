import { describe, expect, it } from "vitest";
import { lookup, nameAddresses, readPerfMap } from "./instructions-annotate";

const map = readPerfMap("d416440 1a0 JS:*lobbyState file:///x/bench-api.mjs:16148:26\nd0c6a00 80 RegExp:^Bearer\\s+(\\S+)\\s*$\nnot a line\n");

describe("instructions-annotate", () => {
  it("finds the code object that holds an address, and none past its end", () => {
    expect(lookup(map, 0xd416440)).toBe("JS:*lobbyState file:///x/bench-api.mjs:16148:26");
    expect(lookup(map, 0xd416440 + 0x19f)).toBe("JS:*lobbyState file:///x/bench-api.mjs:16148:26");
    expect(lookup(map, 0xd416440 + 0x1a0)).toBeNull();
    expect(lookup(map, 0xd0c6a10)).toBe("RegExp:^Bearer\\s+(\\S+)\\s*$");
    expect(lookup(map, 0x100)).toBeNull();
  });

  it("names an address by the code written there last, up to the given length of the map", () => {
    const first = "d2efe40 1a18 JS:* file:///x/bench-api.mjs:22157:24\n";
    const reused = first + "d2efe40 35c JS:*LimitGate file:///x/bench-api.mjs:909:14\n";
    expect(lookup(readPerfMap(reused), 0xd2efe40 + 0x100)).toBe("JS:*LimitGate file:///x/bench-api.mjs:909:14");
    expect(lookup(readPerfMap(reused), 0xd2efe40 + 0x400)).toBe("JS:* file:///x/bench-api.mjs:22157:24");
    expect(lookup(readPerfMap(reused, Buffer.byteLength(first)), 0xd2efe40 + 0x100)).toBe("JS:* file:///x/bench-api.mjs:22157:24");
  });

  it("names callgrind's bare addresses in a listing line and leaves unknown ones", () => {
    expect(nameAddresses("12,244,364 ( 1.56%)  ???:0x000000000d416440 [???]", map)).toBe("12,244,364 ( 1.56%)  JS:*lobbyState file:///x/bench-api.mjs:16148:26");
    expect(nameAddresses("5 ???:0x0000000000000100 [???]", map)).toBe("5 ???:0x0000000000000100 [???]");
    // a caller or callee line of `--tree=caller|calling` keeps its call count
    expect(nameAddresses("   13,293,822 ( 1.28%)  < ???:0x000000000d416440 (8,143x) [???]", map)).toBe("   13,293,822 ( 1.28%)  < JS:*lobbyState file:///x/bench-api.mjs:16148:26 (8,143x)");
  });
});
