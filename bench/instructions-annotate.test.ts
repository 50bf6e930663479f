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

  it("names callgrind's bare addresses in a listing line and leaves unknown ones", () => {
    expect(nameAddresses("12,244,364 ( 1.56%)  ???:0x000000000d416440 [???]", map)).toBe("12,244,364 ( 1.56%)  JS:*lobbyState file:///x/bench-api.mjs:16148:26");
    expect(nameAddresses("5 ???:0x0000000000000100 [???]", map)).toBe("5 ???:0x0000000000000100 [???]");
  });
});
