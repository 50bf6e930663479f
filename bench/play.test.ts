import { describe, expect, it } from "vitest";
import { limitedLine, startsLine } from "./play";

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

describe("the play phase's rate-limited line", () => {
  it("says how many of the phase's requests its players' own limits answered 429, and their share", () => {
    expect(limitedLine({ count: 42_334, starts: 1_551, limited: { starts: 15, commands: 100 } })).toBe(
      "rate-limited (429) in the phase: 100 commands and 15 starts (0.26 % of its requests): its players reached their own limits; the CPU per request above includes these answers' CPU but counts only the commands answered",
    );
  });
  it("is empty when no request was limited", () => {
    expect(limitedLine({ count: 42_334, starts: 1_551, limited: { starts: 0, commands: 0 } })).toBe("");
  });
});
