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
};

/** The instructions a callgrind dump counted: its `totals:` line (the `summary:` lines of a dump taken by callgrind_control read 0). */
export function totalInstructions(dump: string): number {
  const m = /^totals:\s+(\d+)/m.exec(dump);
  if (!m) throw new Error("not a callgrind dump: no totals line");
  return Number(m[1]);
}

/** Instructions per request of each kind. */
export function perRequest(c: TSideCounts): { command: number; start: number; lobby: number } {
  return { command: c.commandInstructions / c.commands, start: c.startInstructions / c.starts, lobby: c.lobbyInstructions / c.lobbies };
}

const fmt = (n: number) => `${(n / 1000).toFixed(0)} k`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The report: each side's count per request, round by round, and the change of the last side (this checkout) against the first. */
export function instructionsReport(sides: TSideCounts[][]): string {
  const lines = ["| side | command | run start | lobby | requests counted |", "|---|---|---|---|---|"];
  for (const rounds of sides) {
    const per = rounds.map(perRequest);
    const requests = rounds.map((c) => `${c.commands} commands, ${c.starts} starts, ${c.lobbies} lobbies`).join("; ");
    lines.push(`| ${rounds[0]?.label ?? "?"} | ${per.map((p) => fmt(p.command)).join(" / ")} | ${per.map((p) => fmt(p.start)).join(" / ")} | ${per.map((p) => fmt(p.lobby)).join(" / ")} | ${requests} |`);
  }
  if (sides.length === 2 && sides[0]!.length > 0 && sides[1]!.length > 0) {
    const [before, after] = sides.map((rounds) => rounds.map(perRequest));
    const change = (k: "command" | "start" | "lobby") => {
      const b = mean(before!.map((p) => p[k]));
      const a = mean(after!.map((p) => p[k]));
      return `${a >= b ? "+" : ""}${(((a - b) / b) * 100).toFixed(1)} %`;
    };
    lines.push("", `this checkout against ${sides[0]![0]!.label}: commands ${change("command")}, run starts ${change("start")}, lobbies ${change("lobby")} (the main thread's instructions per request, means of the rounds)`);
  }
  return lines.join("\n");
}
