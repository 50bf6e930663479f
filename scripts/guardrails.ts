import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { drawContextGraph, withDrawing, type TCruisedModule } from "./context-graph";
import { deciderLoads } from "./decider-loads";

const require = createRequire(import.meta.url);
const { CONTEXT_ROWS } = require("./context-rows.cjs") as { CONTEXT_ROWS: string[][] };
const { DECIDERS, IO } = require("./layer-paths.cjs") as { DECIDERS: string; IO: string[] };

/**
 * The house's guardrails as a ratchet, run by `npm test`:
 *   - layering (dependency-cruiser, rules in .dependency-cruiser.cjs): routers never reach the
 *     database, the domain never imports transport, deciders do no I/O, no import cycles; and
 *     what a decider loads when it runs, through every import that stays in the compiled code
 *     (decider-loads.ts): no I/O module either;
 *   - dead code (knip, knip.json): unused files, exports, types and dependencies. Unused locals
 *     are the compiler's (`noUnusedLocals`);
 *   - the drawing of the contexts' import graph in ARCHITECTURE.md matches the code (redrawn by
 *     `--update`, which may always do that).
 * Today's findings are the baseline (guardrails-baseline.json). A finding not in it fails; so does
 * a baseline entry that no longer occurs — the baseline may only shrink, so a fix is recorded by
 * `npm run guardrails -- --update`, which refuses to add anything.
 */
const BASELINE = "guardrails-baseline.json";
const SOURCES = ["server", "app", "client", "jobs", "scripts", "games", "i18n"];

type TViolation = { from: string; to: string; rule: { name: string }; cycle?: Array<{ name: string }> };

let cruised: TCruisedModule[] = [];

function layering(): string[] {
  // depcruise exits non-zero when it finds violations; the JSON is on stdout either way.
  let out: string;
  try {
    out = execFileSync("npx", ["depcruise", ...SOURCES, "--config", ".dependency-cruiser.cjs", "--output-type", "json"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] });
  } catch (e) {
    out = (e as { stdout?: string }).stdout ?? "";
  }
  const { summary, modules } = JSON.parse(out) as { summary: { violations: TViolation[] }; modules: TCruisedModule[] };
  cruised = modules;
  const seen = new Set<string>();
  for (const v of summary.violations) {
    // A cycle is reported once per module on it: one entry per cycle, named by its sorted members.
    const what = v.cycle ? [v.from, ...v.cycle.map((c) => c.name)].filter((m, i, a) => a.indexOf(m) === i).sort().join(" ⇄ ") : `${v.from} → ${v.to}`;
    seen.add(`${v.rule.name}: ${what}`);
  }
  return [...seen, ...deciderLoads(modules, new RegExp(DECIDERS), IO.map((p) => new RegExp(p)))];
}

type TKnipIssue = { file: string } & Record<string, unknown>;

function deadCode(): string[] {
  const out = execFileSync("npx", ["knip", "--reporter", "json", "--no-exit-code", "--no-config-hints"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] });
  const { issues } = JSON.parse(out) as { issues: TKnipIssue[] };
  const found: string[] = [];
  for (const issue of issues) {
    for (const [kind, list] of Object.entries(issue)) {
      if (!Array.isArray(list)) continue;
      for (const item of list as Array<{ name?: string }>) found.push(`unused ${kind}: ${issue.file}${item.name ? ` ${item.name}` : ""}`);
    }
  }
  return found;
}

const current = [...layering(), ...deadCode()].sort();
const baseline: string[] = existsSync(BASELINE) ? (JSON.parse(readFileSync(BASELINE, "utf8")) as { known: string[] }).known : [];
const added = current.filter((f) => !baseline.includes(f));
const ARCHITECTURE = "ARCHITECTURE.md";
const architecture = readFileSync(ARCHITECTURE, "utf8");
const redrawn = withDrawing(architecture, drawContextGraph(cruised, CONTEXT_ROWS));
if (redrawn === null) {
  console.error(`guardrails: ${ARCHITECTURE} has lost its context-graph markers`);
  process.exit(1);
}
const gone = baseline.filter((f) => !current.includes(f));

if (process.argv.includes("--update")) {
  if (redrawn !== architecture) {
    writeFileSync(ARCHITECTURE, redrawn);
    console.log(`guardrails: redrew the contexts' import graph in ${ARCHITECTURE}`);
  }
  // The first baseline records today's findings; after that it may only shrink.
  if (added.length > 0 && existsSync(BASELINE)) {
    console.error(`guardrails: not updating — ${added.length} new finding(s); fix them instead:\n  ${added.join("\n  ")}`);
    process.exit(1);
  }
  writeFileSync(BASELINE, `${JSON.stringify({ comment: "Known guardrail findings: may only shrink (scripts/guardrails.ts).", known: current }, null, 2)}\n`);
  console.log(`guardrails: baseline now ${current.length} finding(s) (was ${baseline.length})`);
  process.exit(0);
}

if (added.length > 0) console.error(`guardrails: ${added.length} new finding(s), not in ${BASELINE}:\n  ${added.join("\n  ")}`);
if (gone.length > 0) console.error(`guardrails: ${gone.length} finding(s) fixed — record it with \`npm run guardrails -- --update\`:\n  ${gone.join("\n  ")}`);
if (redrawn !== architecture) console.error(`guardrails: the drawing of the contexts' imports in ${ARCHITECTURE} no longer matches the code — redraw it with \`npm run guardrails -- --update\``);
if (added.length > 0 || gone.length > 0 || redrawn !== architecture) process.exit(1);
console.log(`guardrails: ${current.length} known finding(s), none new (layering: .dependency-cruiser.cjs; dead code: knip.json)`);
