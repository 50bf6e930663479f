/** What one side of `npm run bench:instructions` counted (bench/instructions.ts). */
export type TSideCounts = {
  label: string;
  /** Commands answered while counting (runs played to their end, their starts not counted). */
  commands: number;
  commandInstructions: number;
  /** Run starts, counted apart. */
  starts: number;
  startInstructions: number;
  lobbies: number;
  lobbyInstructions: number;
  /** Booster purchases and wheel spins, counted apart when INSTR_MONEY=1. */
  spends?: number;
  spendInstructions?: number;
  spins?: number;
  spinInstructions?: number;
  /** Whole match3 runs' commands in a free-play project and in a rewards project (a claim per win), counted apart when INSTR_CLAIMS=1. */
  match3?: TMatch3Count;
  match3Claims?: TMatch3Count;
};

/** Commands of whole runs, the wins among them, the claims their transactions wrote, and the instructions counted. */
export type TMatch3Count = { commands: number; wins: number; claims: number; instructions: number };

/** The instructions a callgrind dump counted: its `totals:` line (the `summary:` lines of a dump taken by callgrind_control read 0). */
export function totalInstructions(dump: string): number {
  const m = /^totals:\s+(\d+)/m.exec(dump);
  if (!m) throw new Error("not a callgrind dump: no totals line");
  return Number(m[1]);
}

type TPer = { command: number; start: number; lobby: number; spend?: number; spin?: number; match3?: number; match3Claims?: number; claim?: number };

/** Instructions per request of each kind (purchases and spins when they were counted). */
export function perRequest(c: TSideCounts): TPer {
  const per: TPer = { command: c.commandInstructions / c.commands, start: c.startInstructions / c.starts, lobby: c.lobbyInstructions / c.lobbies };
  if (c.spends && c.spendInstructions !== undefined) per.spend = c.spendInstructions / c.spends;
  if (c.spins && c.spinInstructions !== undefined) per.spin = c.spinInstructions / c.spins;
  if (c.match3?.commands && c.match3Claims?.commands && c.match3Claims.claims) {
    per.match3 = c.match3.instructions / c.match3.commands;
    per.match3Claims = c.match3Claims.instructions / c.match3Claims.commands;
    per.claim = claimCost(c.match3, c.match3Claims);
  }
  return per;
}

/**
 * What a claim adds to its winning command: the rewards phase's instructions beyond what its
 * commands would have cost at free play's rate, per claim. Both phases' wins are in their own
 * commands (a free-play win writes its result and progress too), so what is left is the claim's.
 */
export function claimCost(free: TMatch3Count, rewards: TMatch3Count): number {
  return (rewards.instructions - rewards.commands * (free.instructions / free.commands)) / rewards.claims;
}

const fmt = (n: number) => `${(n / 1000).toFixed(0)} k`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The report: each side's count per request, round by round, and the change of the last side (this checkout) against the first. */
export function instructionsReport(sides: TSideCounts[][]): string {
  // purchases and spins have columns when every round of every side counted them
  const money = sides.every((rounds) => rounds.every((c) => perRequest(c).spend !== undefined && perRequest(c).spin !== undefined));
  const claims = sides.every((rounds) => rounds.every((c) => perRequest(c).claim !== undefined));
  const head = `| side | command | run start | lobby | ${money ? "spend | spin | " : ""}${claims ? "match3 command, free play | match3 command, rewards | a claim | " : ""}requests counted |`;
  const lines = [head, head.replace(/[^|]+/g, "---")];
  for (const rounds of sides) {
    const per = rounds.map(perRequest);
    const column = (k: keyof TPer) => per.map((p) => fmt(p[k]!)).join(" / ");
    const requests = rounds.map((c) => `${c.commands} commands, ${c.starts} starts, ${c.lobbies} lobbies${money ? `, ${c.spends} spends, ${c.spins} spins` : ""}${claims ? `, match3 ${c.match3!.commands} commands (${c.match3!.wins} wins) and ${c.match3Claims!.commands} (${c.match3Claims!.claims} claims)` : ""}`).join("; ");
    const claimColumns = claims ? `${column("match3")} | ${column("match3Claims")} | ${column("claim")} | ` : "";
    lines.push(`| ${rounds[0]?.label ?? "?"} | ${column("command")} | ${column("start")} | ${column("lobby")} | ${money ? `${column("spend")} | ${column("spin")} | ` : ""}${claimColumns}${requests} |`);
  }
  if (sides.length === 2 && sides[0]!.length > 0 && sides[1]!.length > 0) {
    const [before, after] = sides.map((rounds) => rounds.map(perRequest));
    const change = (k: keyof TPer) => {
      const b = mean(before!.map((p) => p[k]!));
      const a = mean(after!.map((p) => p[k]!));
      return `${a >= b ? "+" : ""}${(((a - b) / b) * 100).toFixed(1)} %`;
    };
    const moneyChange = money ? `, spends ${change("spend")}, spins ${change("spin")}` : "";
    const claimChange = claims ? `, a claim ${change("claim")}` : "";
    lines.push("", `this checkout against ${sides[0]![0]!.label}: commands ${change("command")}, run starts ${change("start")}, lobbies ${change("lobby")}${moneyChange}${claimChange} (the main thread's instructions per request, means of the rounds)`);
  }
  return lines.join("\n");
}
