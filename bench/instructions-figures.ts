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
};

/** The instructions a callgrind dump counted: its `totals:` line (the `summary:` lines of a dump taken by callgrind_control read 0). */
export function totalInstructions(dump: string): number {
  const m = /^totals:\s+(\d+)/m.exec(dump);
  if (!m) throw new Error("not a callgrind dump: no totals line");
  return Number(m[1]);
}

type TPer = { command: number; start: number; lobby: number; spend?: number; spin?: number };

/** Instructions per request of each kind (purchases and spins when they were counted). */
export function perRequest(c: TSideCounts): TPer {
  const per: TPer = { command: c.commandInstructions / c.commands, start: c.startInstructions / c.starts, lobby: c.lobbyInstructions / c.lobbies };
  if (c.spends && c.spendInstructions !== undefined) per.spend = c.spendInstructions / c.spends;
  if (c.spins && c.spinInstructions !== undefined) per.spin = c.spinInstructions / c.spins;
  return per;
}

const fmt = (n: number) => `${(n / 1000).toFixed(0)} k`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The report: each side's count per request, round by round, and the change of the last side (this checkout) against the first. */
export function instructionsReport(sides: TSideCounts[][]): string {
  // purchases and spins have columns when every round of every side counted them
  const money = sides.every((rounds) => rounds.every((c) => perRequest(c).spend !== undefined && perRequest(c).spin !== undefined));
  const head = money ? "| side | command | run start | lobby | spend | spin | requests counted |" : "| side | command | run start | lobby | requests counted |";
  const lines = [head, head.replace(/[^|]+/g, "---")];
  for (const rounds of sides) {
    const per = rounds.map(perRequest);
    const column = (k: keyof TPer) => per.map((p) => fmt(p[k]!)).join(" / ");
    const requests = rounds.map((c) => `${c.commands} commands, ${c.starts} starts, ${c.lobbies} lobbies${money ? `, ${c.spends} spends, ${c.spins} spins` : ""}`).join("; ");
    lines.push(`| ${rounds[0]?.label ?? "?"} | ${column("command")} | ${column("start")} | ${column("lobby")} | ${money ? `${column("spend")} | ${column("spin")} | ` : ""}${requests} |`);
  }
  if (sides.length === 2 && sides[0]!.length > 0 && sides[1]!.length > 0) {
    const [before, after] = sides.map((rounds) => rounds.map(perRequest));
    const change = (k: keyof TPer) => {
      const b = mean(before!.map((p) => p[k]!));
      const a = mean(after!.map((p) => p[k]!));
      return `${a >= b ? "+" : ""}${(((a - b) / b) * 100).toFixed(1)} %`;
    };
    const moneyChange = money ? `, spends ${change("spend")}, spins ${change("spin")}` : "";
    lines.push("", `this checkout against ${sides[0]![0]!.label}: commands ${change("command")}, run starts ${change("start")}, lobbies ${change("lobby")}${moneyChange} (the main thread's instructions per request, means of the rounds)`);
  }
  return lines.join("\n");
}
