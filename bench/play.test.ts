import { describe, expect, it } from "vitest";
import { startsLine } from "./play";

describe("the play phase's starts line", () => {
  it("says how many runs were started and per how many commands", () => {
    expect(startsLine({ count: 15_100, starts: 1_000 })).toBe(
      "runs started in the phase: 1000 (one per 15.1 commands); the CPU per request above is per command with its runs' starts included",
    );
  });
  it("says none when no run was started in the timed part", () => {
    expect(startsLine({ count: 300, starts: 0 })).toContain("runs started in the phase: 0 (none)");
  });
});
