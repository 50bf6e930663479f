import { describe, expect, it } from "vitest";
import { instructionsReport, perRequest, totalInstructions, type TSideCounts } from "./instructions-figures";

const side = (label: string, commandInstructions: number, lobbyInstructions: number): TSideCounts => ({ label, commands: 2000, commandInstructions, starts: 100, startInstructions: 300_000_000, lobbies: 1000, lobbyInstructions });

describe("bench:instructions figures", () => {
  it("reads a callgrind dump's totals", () => {
    expect(totalInstructions("version: 1\ncreator: callgrind-3.19.0\nevents: Ir\n\nfn=(1) x\n5 100\n\ntotals: 123456789\n")).toBe(123456789);
    // a dump taken by callgrind_control: its summary lines read 0, its totals line has the count
    expect(totalInstructions("events: Ir\nsummary: 0\nsummary: 0\ntotals: 769673646\n")).toBe(769673646);
    expect(() => totalInstructions("events: Ir\nsummary: 42\n")).toThrow(/no totals/);
  });

  it("counts commands, run starts and lobbies apart", () => {
    expect(perRequest(side("a", 2_000_000_000, 300_000_000))).toEqual({ command: 1_000_000, start: 3_000_000, lobby: 300_000 });
  });

  it("prints each side and this checkout's change against the revision", () => {
    const report = instructionsReport([[side("abc (abc1234)", 2_000_000_000, 300_000_000)], [side("this checkout", 1_900_000_000, 306_000_000)]]);
    expect(report).toContain("| abc (abc1234) | 1000 k | 3000 k | 300 k |");
    expect(report).toContain("| this checkout | 950 k | 3000 k | 306 k |");
    expect(report).toContain("commands -5.0 %, run starts +0.0 %, lobbies +2.0 %");
  });
});
