import { spawnSync } from "node:child_process";

/**
 * `npm test`: every phase of the suite in order, stopping at the first that fails (its exit code
 * is the run's), then how long each phase took. The suite has a budget (docs/development/tests.md,
 * 15 minutes on a clean clone): CI's log says where the time went without timestamps around it.
 */
type TPhase = { name: string; cmd: string[] };
type TRow = { name: string; ms: number; ok: boolean };

export const PHASES: TPhase[] = [
  { name: "type check", cmd: ["npm", "run", "-s", "typecheck"] },
  { name: "guardrails", cmd: ["npm", "run", "-s", "guardrails"] },
  { name: "mutation tests (deciders)", cmd: ["npm", "run", "-s", "test:mutation"] },
  { name: "vitest (unit, integration)", cmd: ["npx", "vitest", "run"] },
  { name: "response coverage", cmd: [process.execPath, "--import", "tsx", "scripts/check-response-coverage.ts"] },
  { name: "fault suite", cmd: ["npm", "run", "-s", "test:fault"] },
  { name: "browser (Playwright)", cmd: ["npm", "run", "-s", "test:e2e"] },
];

/** The closing table: each phase's minutes and seconds, and the total. */
export function timingTable(rows: TRow[]): string {
  const fmt = (ms: number) => {
    const s = Math.round(ms / 1000);
    return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2)} s`;
  };
  const width = Math.max(...rows.map((r) => r.name.length), 5);
  const lines = rows.map((r) => `  ${r.name.padEnd(width)}  ${fmt(r.ms).padStart(10)}${r.ok ? "" : "  FAILED"}`);
  const total = rows.reduce((a, r) => a + r.ms, 0);
  return ["npm test, by phase:", ...lines, `  ${"total".padEnd(width)}  ${fmt(total).padStart(10)}`].join("\n");
}

/** Runs the phases in order until one fails; the run's exit code is that phase's (1 for a signal), else 0. */
export function runPhases(phases: TPhase[], stdio: "inherit" | "ignore" = "inherit"): { code: number; rows: TRow[] } {
  const rows: TRow[] = [];
  for (const phase of phases) {
    if (stdio === "inherit") console.log(`\n== ${phase.name}`);
    const started = performance.now();
    const r = spawnSync(phase.cmd[0]!, phase.cmd.slice(1), { stdio });
    const ok = r.status === 0;
    rows.push({ name: phase.name, ms: performance.now() - started, ok });
    // a phase that could not start, or ended by a signal (no status), fails the run too
    if (!ok) return { code: r.status || 1, rows };
  }
  return { code: 0, rows };
}

if (process.argv[1]?.endsWith("test-all.ts")) {
  const { code, rows } = runPhases(PHASES);
  console.log(`\n${timingTable(rows)}`);
  process.exit(code);
}
