import { describe, expect, it } from "vitest";
import { claimCost, instructionsReport, perRequest, totalInstructions, type TSideCounts } from "./instructions-figures";

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

  it("adds purchases and spins when every side counted them", () => {
    const money = (c: TSideCounts, spend: number, spin: number): TSideCounts => ({ ...c, spends: 1000, spendInstructions: spend * 1000, spins: 500, spinInstructions: spin * 500 });
    expect(perRequest(money(side("a", 2_000_000_000, 300_000_000), 900_000, 2_000_000))).toMatchObject({ spend: 900_000, spin: 2_000_000 });
    const report = instructionsReport([
      [money(side("abc (abc1234)", 2_000_000_000, 300_000_000), 900_000, 2_000_000)],
      [money(side("this checkout", 2_000_000_000, 300_000_000), 855_000, 2_100_000)],
    ]);
    expect(report).toContain("| side | command | run start | lobby | spend | spin | requests counted |");
    expect(report).toContain("|---|---|---|---|---|---|---|");
    expect(report).toContain("| this checkout | 1000 k | 3000 k | 300 k | 855 k | 2100 k | 2000 commands, 100 starts, 1000 lobbies, 1000 spends, 500 spins |");
    expect(report).toContain("spends -5.0 %, spins +5.0 %");
    // one side without them: the columns of every side's commands, starts and lobbies only
    const mixed = instructionsReport([[side("abc (abc1234)", 2_000_000_000, 300_000_000)], [money(side("this checkout", 2_000_000_000, 300_000_000), 855_000, 2_100_000)]]);
    expect(mixed).toContain("| side | command | run start | lobby | requests counted |");
    expect(mixed).not.toContain("spends");
  });

  it("takes a claim's cost as the rewards phase's instructions beyond free play's rate, per claim", () => {
    // free play: 1 000 commands at 600 k; rewards: 1 000 commands and 100 claims, 2 000 k more per claim
    const free = { commands: 1000, wins: 100, claims: 0, instructions: 600_000_000 };
    const rewards = { commands: 1000, wins: 100, claims: 100, instructions: 600_000_000 + 100 * 2_000_000 };
    expect(claimCost(free, rewards)).toBe(2_000_000);
    // more commands in the rewards phase are priced at free play's rate first
    expect(claimCost(free, { ...rewards, commands: 1100, instructions: rewards.instructions + 100 * 600_000 })).toBe(2_000_000);
    const withClaims = (c: TSideCounts, extra: number): TSideCounts => ({ ...c, match3: free, match3Claims: { ...rewards, instructions: 600_000_000 + 100 * extra } });
    expect(perRequest(withClaims(side("a", 2_000_000_000, 300_000_000), 2_000_000))).toMatchObject({ match3: 600_000, match3Claims: 800_000, claim: 2_000_000 });
    const report = instructionsReport([[withClaims(side("abc (abc1234)", 2_000_000_000, 300_000_000), 2_000_000)], [withClaims(side("this checkout", 2_000_000_000, 300_000_000), 1_800_000)]]);
    expect(report).toContain("| side | command | run start | lobby | match3 command, free play | match3 command, rewards | a claim | requests counted |");
    expect(report).toContain("| this checkout | 1000 k | 3000 k | 300 k | 600 k | 780 k | 1800 k | 2000 commands, 100 starts, 1000 lobbies, match3 1000 commands (100 wins) and 1000 (100 claims) |");
    expect(report).toContain("lobbies +0.0 %, a claim -10.0 %");
    // a side without them: no claim columns
    expect(instructionsReport([[side("abc (abc1234)", 2_000_000_000, 300_000_000)], [withClaims(side("this checkout", 2_000_000_000, 300_000_000), 1_800_000)]])).not.toContain("a claim");
  });
});
