import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchFigures, comparisonTable, type TRunFigures } from "./compare-figures";

/**
 * `npm run bench:compare -- <rev> [pairs]`: `npm run bench` of another revision and of this
 * checkout (uncommitted changes included), interleaved — pair 1 runs the revision first, pair 2
 * this checkout first, and so on, so that a machine getting faster or slower through the runs
 * does not favour a side — with whatever BENCH_* settings the environment gives both (say
 * BENCH_SCENARIOS=play,lobby). Prints, per request kind, each side's CPU per request, throughput
 * and half-load p99 run by run, the change of the means and in how many pairs this checkout was
 * better; every run's output is kept in bench/results/. The revision runs from a git worktree in a
 * temporary folder with this checkout's node_modules and its own Prisma client, removed at the end.
 * Two benches never run at once: the pairs run one after another.
 */

const root = path.resolve(import.meta.dirname, "..");
const [rev, pairsArg] = process.argv.slice(2);
if (!rev) {
  console.error("usage: npm run bench:compare -- <git revision> [pairs, default 2]");
  process.exit(2);
}
const pairs = Number(pairsArg ?? 2);
if (!Number.isInteger(pairs) || pairs < 1 || pairs > 20) {
  console.error("pairs: a whole number from 1 to 20");
  process.exit(2);
}
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
const commit = git("rev-parse", "--verify", `${rev}^{commit}`);
const here = `this checkout (${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain") ? " + changes" : ""})`;
const there = `${rev} (${commit.slice(0, 7)})`;

const results = path.join(root, "bench", "results", `compare-${new Date().toISOString().replace(/[:.]/g, "-")}`);
mkdirSync(results, { recursive: true });
const tree = mkdtempSync(path.join(os.tmpdir(), "playloop-compare-"));

/** One bench run in `cwd`, its output kept in `file`; resolves with the output whatever the exit code (a failed run has fewer figures). */
function bench(cwd: string, file: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/run.ts"], { cwd, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.on("close", (code) => {
      writeFileSync(file, `${out}\nexit ${code}\n`);
      resolve(out);
    });
  });
}

try {
  git("worktree", "add", "--detach", tree, commit);
  symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"), "dir");
  // The revision's own Prisma client (its schema may differ from this checkout's).
  execFileSync("npm", ["run", "--silent", "db:generate"], { cwd: tree, stdio: "ignore" });
  const runs: [TRunFigures[], TRunFigures[]] = [[], []];
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) {
      const name = side === 0 ? "rev" : "here";
      const started = Date.now();
      const text = await bench(side === 0 ? tree : root, path.join(results, `${i + 1}-${name}.log`));
      runs[side]!.push(benchFigures(text));
      console.log(`pair ${i + 1}: ${side === 0 ? there : here} done in ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }
  const table = comparisonTable([there, here], runs);
  writeFileSync(path.join(results, "comparison.md"), `${table}\n`);
  console.log(`\n${table}\n\nEach run's output: ${path.relative(root, results)}/`);
} finally {
  try {
    git("worktree", "remove", "--force", tree);
  } catch {
    // not created: nothing to remove
  }
}
