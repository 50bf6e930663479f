import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TMechanicId } from "@/games/manifests";
import { SERVER_NODE_ARGS } from "../scripts/build-server";
import { json, send } from "./lib";
import { setupPlayProject } from "./play";
import { benchPlayers, publishBenchWheel, setupEconomyProject } from "./economy";
import { instructionsReport, totalInstructions, type TSideCounts } from "./instructions-figures";
import { countClaims } from "./instructions-claims";
import { playToEnd, startRuns, type TPlayer } from "./instructions-runs";

/**
 * `npm run bench:instructions -- [rev] [rounds]`: the instructions the web process's main thread
 * executes per game command, per run start and per lobby, counted by valgrind's callgrind instead
 * of timed. The timed bench's CPU per request moves by ±8 % from one run to the next and by 2×
 * from one VM period to another (docs/performance-log.md), so a change worth a few per cent cannot
 * be told from noise there; an instruction count does not depend on the VM's period or on what else
 * runs on the machine.
 *
 * It is a count, not a time: cache misses, the kernel's time in system calls and the wake-ups of
 * other processes are not in it, nor V8's helper threads (its optimizing compiler and the
 * collector's helpers, whose work under valgrind's slow emulation lands in one run's counted phase
 * and not another's). So it ranks changes to the JavaScript — about five sixths of a request's CPU
 * (docs/performance.md) — and does not replace `npm run bench` for the targets.
 *
 * The web process (the bench's compiled entry, production's settings) runs under callgrind with
 * counting off. The players play `parcel_pilot_v1` with the reference bot, 8 runs at a time, until
 * the process is warm; then rounds of 8 runs are played with counting switched on while their
 * commands run (not their starts, which the drawn boards' lengths would mix in unevenly), then
 * rounds with counting on while their starts run, then lobbies. Given a revision, that revision's
 * bundle is measured too (built in a temporary git worktree, with its own Prisma client and
 * schema), the two interleaved `rounds` times (default 1), and the change printed. The totals
 * are not exact: runs of the same code read commands 616–663 k, starts 1 986–2 133 k and lobbies
 * 388–479 k (2026-12-03) — whether V8 had optimized a function yet by the counted phase differs —
 * so a total resolves a change of about a tenth. What it does well is the listing: with
 * `--perf-basic-prof`, callgrind_annotate and bench/instructions-annotate.ts name every function's
 * own and inclusive count, a cost per request of one piece of code that V8's sampling profiler
 * (wall-clock samples) blurs (docs/performance.md).
 *
 * INSTR_MONEY=1 counts booster purchases and wheel spins too (a project of their own with the timed
 * bench's economy and wheel: bench/economy.ts), each warmed first; dumps 4 and 5.
 *
 * INSTR_NODE_FLAGS adds Node flags (`--perf-basic-prof` writes the JIT's names for
 * bench/instructions-annotate.ts); INSTR_KEEP=1 keeps callgrind's dumps; INSTR_SIM=1 adds the
 * simulated cache misses and mispredicted branches to them (the totals stay instructions). valgrind comes from
 * Debian's package (on this project's machines already); about five minutes a side.
 *
 * INSTR_CLAIMS=1 counts whole match3 runs in a free-play project and in a rewards project, for what
 * a claim adds to its winning command (bench/instructions-claims.ts); the dumps after the others.
 */

const MECHANIC: TMechanicId = "parcel_pilot_v1";
const PORT = Number(process.env.BENCH_PORT ?? 3951);
const PLAYERS = 400; // run starts are limited to 10 a minute per player
const IN_FLIGHT = 8;
const WARM_COMMANDS = Number(process.env.INSTR_WARM ?? 3000);
const COUNTED_COMMANDS = Number(process.env.INSTR_COMMANDS ?? 2000);
const COUNTED_STARTS = Number(process.env.INSTR_STARTS ?? 96);
const WARM_LOBBIES = Number(process.env.INSTR_WARM_LOBBIES ?? 2000);
const COUNTED_LOBBIES = Number(process.env.INSTR_LOBBIES ?? 2000);
/** INSTR_MONEY=1: booster purchases and wheel spins are counted too (after the lobbies; a few minutes more a side). */
const MONEY = process.env.INSTR_MONEY === "1";
const WARM_MONEY = Number(process.env.INSTR_WARM_MONEY ?? 500);
const COUNTED_MONEY = Number(process.env.INSTR_MONEY_REQUESTS ?? 1000);
/** A spinner spins at most this often in the whole run: the quota is 6 a minute per player (a 429 would be counted as a spin). */
const SPINS_PER_SPINNER = 4;
/** INSTR_CLAIMS=1: whole match3 runs in a free-play and in a rewards project, for what a claim adds to its winning command (bench/instructions-claims.ts; dumps `match3` and `claims`). */
const CLAIMS = process.env.INSTR_CLAIMS === "1";

const root = path.resolve(import.meta.dirname, "..");
/** INSTR_NODE_FLAGS: more Node flags for the web process (`--perf-basic-prof` for the listing's names). */
const NODE_FLAGS = (process.env.INSTR_NODE_FLAGS ?? "").split(" ").filter(Boolean);
const baseDb = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const redisBase = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
redisBase.pathname = "/14";

type TSide = { label: string; cwd: string };

/** The side's compiled web process (scripts/build-server.ts, run in its own tree). */
function buildSide(side: TSide): string {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build-server.ts", "bench-api"], { cwd: side.cwd, stdio: "inherit" });
  return path.join(side.cwd, ".build/server/bench-api.mjs");
}

/** A fresh database with the side's own schema, and an empty Redis database. */
async function freshStores(side: TSide): Promise<string> {
  const admin = new pg.Client({ connectionString: baseDb });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS playloop_instructions WITH (FORCE)");
  await admin.query("CREATE DATABASE playloop_instructions");
  await admin.end();
  const u = new URL(baseDb);
  u.pathname = "/playloop_instructions";
  const script = `const { prepareDatabase } = await import(${JSON.stringify(path.join(side.cwd, "server/db/prepare.ts"))}); await prepareDatabase(process.env.PREPARE_URL); process.exit(0);`;
  execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], { cwd: side.cwd, env: { ...process.env, PREPARE_URL: u.toString() }, stdio: "inherit" });
  const { Redis } = await import("ioredis");
  const r = new Redis(redisBase.toString());
  await r.flushdb();
  r.disconnect();
  return u.toString();
}

/** callgrind_control's command to the process (counting on or off, or a dump of the counts so far). */
function control(pid: number, ...args: string[]): void {
  const r = spawnSync("callgrind_control", [...args, String(pid)], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`callgrind_control ${args.join(" ")}: ${r.stderr || r.stdout}`);
}

async function startUnderCallgrind(bundle: string, databaseUrl: string, outFile: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisBase.toString(),
    APP_SECRET: "bench-secret-bench-secret-bench-secret",
    LOG_LEVEL: "info",
    RESPONSE_CHECK: "off",
    TX_GUARD: "false",
    PUBLIC_BASE_URL: `http://localhost:${PORT}`,
    TRUSTED_PROXIES: "127.0.0.1,::1",
    ALLOW_SIGNUP: "true",
    PLAYLOOP_PROCESS: "bench-web",
    // A claim's replay on the event loop, as before the replay thread: valgrind runs one thread at a
    // time, so with the thread the counted main thread waited on it: in one claims phase 16 errors'
    // stacks were formatted through the source map (601 M of the phase's 1 755 M instructions;
    // 2026-12-06 night; most likely Redis timeouts answered 503 — inferred, not shown). The thread
    // runs the same replay; what it adds (the job's copy both ways) is the timed bench's to measure.
    BENCH_REPLAY_THREAD: "off",
  };
  // V8 writes and rewrites its own machine code: valgrind must check every write to code for that.
  // Only the main thread is counted (file -01). V8's --single-threaded (compiling and collecting
  // there too) was tried and read the same code 15–40 % apart: whole mark-compacts fell in one
  // run's counted phase and not another's.
  // INSTR_SIM=1: callgrind also simulates the caches and the branch predictor (a generic machine's,
  // not this VM's), for a listing that tells cheap instructions (a tight copy loop) from dear ones
  // (a miss, a mispredicted branch); about twice as slow.
  const sim = process.env.INSTR_SIM ? ["--cache-sim=yes", "--branch-sim=yes"] : [];
  const args = ["--tool=callgrind", ...sim, "--instr-atstart=no", "--smc-check=all-non-file", "--separate-threads=yes", `--callgrind-out-file=${outFile}`, process.execPath, ...SERVER_NODE_ARGS, ...NODE_FLAGS, `--logfile=${path.join(path.dirname(outFile), "v8.log")}`, "--no-logfile-per-isolate", bundle, String(PORT)];
  const child = spawn("valgrind", args, { env, stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the web process under callgrind exited with ${code}: ${stderr}`)));
  });
  return child;
}

/**
 * Rounds of `IN_FLIGHT` runs until so many commands (or starts) are sent: each round's starts, then its runs
 * played to their end. With `counting`, instructions are counted for one kind only — the commands
 * or the starts — so that the mix (how many starts a number of commands needed, which the drawn
 * boards decide) does not move the figure: a start costs several commands.
 */
async function playRounds(base: string, players: TPlayer[], until: { commands?: number; starts?: number }, turn: { next: number }, counting?: { pid: number; kind: "commands" | "starts" }): Promise<{ commands: number; starts: number }> {
  let sent = 0;
  let starts = 0;
  while (sent < (until.commands ?? Infinity) && starts < (until.starts ?? Infinity)) {
    if (counting?.kind === "starts") control(counting.pid, "--instr=on");
    const runs = await startRuns(base, players, IN_FLIGHT, turn);
    if (counting?.kind === "starts") control(counting.pid, "--instr=off");
    starts += runs.length;
    if (counting?.kind === "commands") control(counting.pid, "--instr=on");
    sent += (await playToEnd(base, MECHANIC, runs)).commands;
    if (counting?.kind === "commands") control(counting.pid, "--instr=off");
  }
  return { commands: sent, starts };
}

async function readLobbies(base: string, players: TPlayer[], lobbies: number): Promise<number> {
  let done = 0;
  const worker = async () => {
    while (done < lobbies) {
      const p = players[done++ % players.length]!;
      const res = await send(`${base}/v1/lobby`, "GET", p.auth);
      if (res.status !== 200) throw new Error(`lobby: ${res.status} ${res.text}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return done;
}

type TMoneyPlayer = { token: string; ip: string };

/** `count` POSTs of purchases or spins, IN_FLIGHT at a time, round-robin over `players` from `turn`; each with a new key. */
async function postMoney(base: string, what: "spend" | "spin", players: TMoneyPlayer[], count: number, turn: { next: number }, version: number): Promise<number> {
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent++;
      const p = players[turn.next++ % players.length]!;
      const res = what === "spend"
        ? await json(base, "POST", "/v1/economy/spend", { booster_id: "bench_shuffle", idempotency_key: randomUUID() }, { authorization: `Bearer ${p.token}`, "x-forwarded-for": p.ip })
        : await json(base, "POST", "/v1/wheel/spins", { spin_id: randomUUID(), wheel_id: "daily", wheel_version: version, source: "bench" }, { authorization: `Bearer ${p.token}`, "x-forwarded-for": p.ip });
      if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return sent;
}

/** Purchases, then spins, each warmed and then counted (dumps `spends` and `spins`). */
async function countMoney(base: string, pid: number, mapUntil: Record<string, number>): Promise<{ spends: number; spins: number }> {
  const project = await setupEconomyProject(base);
  const version = await publishBenchWheel(base, project.projectId, project.auth);
  const buyers = await benchPlayers(base, project.projectId, project.key, 100, "buyer");
  const spinners = await benchPlayers(base, project.projectId, project.key, Math.ceil((WARM_MONEY + COUNTED_MONEY) / SPINS_PER_SPINNER), "spinner");
  const buying = { next: 0 };
  await postMoney(base, "spend", buyers, WARM_MONEY, buying, version);
  control(pid, "--zero");
  control(pid, "--instr=on");
  const spends = await postMoney(base, "spend", buyers, COUNTED_MONEY, buying, version);
  control(pid, "--instr=off");
  control(pid, "--dump=spends");
  mapUntil.spends = perfMapLength(pid);
  const spinning = { next: 0 };
  await postMoney(base, "spin", spinners, WARM_MONEY, spinning, version);
  control(pid, "--zero");
  control(pid, "--instr=on");
  const spins = await postMoney(base, "spin", spinners, COUNTED_MONEY, spinning, version);
  control(pid, "--instr=off");
  control(pid, "--dump=spins");
  mapUntil.spins = perfMapLength(pid);
  return { spends, spins };
}

/** One side measured: its web process under callgrind, counted over commands and then lobbies (and with INSTR_MONEY=1 purchases and spins). */
async function measure(side: TSide, bundle: string, dir: string): Promise<TSideCounts> {
  const databaseUrl = await freshStores(side);
  const outFile = path.join(dir, `callgrind.${side.label.replace(/\W+/g, "_")}.%p`);
  const api = await startUnderCallgrind(bundle, databaseUrl, outFile);
  const pid = api.pid!;
  const base = `http://127.0.0.1:${PORT}`;
  const origin = `http://localhost:${PORT}`;
  try {
    const { projectId, key } = await setupPlayProject(base, MECHANIC);
    const players: TPlayer[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const s = await json(base, "POST", "/v1/server/session-token", { project_id: projectId, external_user_id: `instr-${i}` }, { authorization: `Bearer ${key}`, "x-forwarded-for": `10.8.${i >> 8}.${i & 255}` });
      if (s.status !== 200) throw new Error(`session token: ${s.status} ${JSON.stringify(s.body)}`);
      players.push({ auth: { authorization: `Bearer ${s.body.session_token}`, origin } });
    }
    const turn = { next: 0 };
    await playRounds(base, players, { commands: WARM_COMMANDS }, turn);
    const played = await playRounds(base, players, { commands: COUNTED_COMMANDS }, turn, { pid, kind: "commands" });
    control(pid, "--dump=commands");
    const mapUntil: Record<string, number> = { commands: perfMapLength(pid), starts: 0, lobbies: 0 };
    const started = await playRounds(base, players, { starts: COUNTED_STARTS }, turn, { pid, kind: "starts" });
    control(pid, "--dump=starts");
    mapUntil.starts = perfMapLength(pid);
    await readLobbies(base, players, WARM_LOBBIES);
    control(pid, "--zero");
    control(pid, "--instr=on");
    const lobbies = await readLobbies(base, players, COUNTED_LOBBIES);
    control(pid, "--instr=off");
    control(pid, "--dump=lobbies");
    mapUntil.lobbies = perfMapLength(pid);
    const money = MONEY ? await countMoney(base, pid, mapUntil) : null;
    const claims = CLAIMS
      ? await countClaims(base, databaseUrl, {
          zero: () => control(pid, "--zero"),
          counting: (on) => control(pid, `--instr=${on ? "on" : "off"}`),
          dump: (reason) => {
            control(pid, `--dump=${reason}`);
            mapUntil[reason] = perfMapLength(pid);
          },
        })
      : null;
    const counted = dumpCounts(dir, pid);
    if (process.env.INSTR_KEEP && NODE_FLAGS.includes("--perf-basic-prof")) {
      writeFileSync(path.join(dir, `perf-map-until.${pid}.json`), JSON.stringify(mapUntil));
      console.error(`${side.label}: callgrind dumps ${dir}/*.${pid}.<n>-01 (${dumpNames(!!money, !!claims)}), JIT names /tmp/perf-${pid}.map up to the lengths in ${dir}/perf-map-until.${pid}.json (bench/instructions-annotate.ts)`);
    } else if (process.env.INSTR_KEEP) console.error(`${side.label}: callgrind dumps ${dir}/*.${pid}.<n>-01 (${dumpNames(!!money, !!claims)})`);
    return {
      label: side.label,
      commands: played.commands,
      commandInstructions: counted.commands!,
      starts: started.starts,
      startInstructions: counted.starts!,
      lobbies,
      lobbyInstructions: counted.lobbies!,
      ...(money ? { spends: money.spends, spendInstructions: counted.spends!, spins: money.spins, spinInstructions: counted.spins! } : {}),
      ...(claims ? { match3: { ...claims.free, instructions: counted.match3! }, match3Claims: { ...claims.rewards, instructions: counted.claims! } } : {}),
    };
  } finally {
    api.kill("SIGTERM");
    await new Promise((r) => api.once("exit", r));
  }
}

/** The dumps' numbers in the order they are taken, for the kept dumps' message. */
function dumpNames(money: boolean, claims: boolean): string {
  const names = ["commands", "starts", "lobbies", ...(money ? ["spends", "spins"] : []), ...(claims ? ["match3", "claims"] : [])];
  return `n: ${names.map((name, i) => `${i + 1} ${name}`).join(", ")}`;
}

/** How much of the process's perf map V8 has written so far (0 without `--perf-basic-prof`): see instructions-annotate.ts. */
function perfMapLength(pid: number): number {
  try {
    return statSync(`/tmp/perf-${pid}.map`).size;
  } catch {
    return 0;
  }
}

/** The main thread's count in each dump callgrind wrote for the process, by the reason it was dumped with. */
function dumpCounts(dir: string, pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of readdirSync(dir)) {
    // --separate-threads: one file per thread, `<name>.<pid>.<dump>-<thread>`; thread 01 is the main thread
    if (!name.includes(`.${pid}.`) || !name.endsWith("-01")) continue;
    const dump = readFileSync(path.join(dir, name), "utf8");
    // callgrind_control --dump=<reason> writes "desc: Trigger: dump <reason>" in the file's header
    const reason = /^desc: Trigger: dump (\w+)$/m.exec(dump.slice(0, 2000))?.[1];
    if (reason) out[reason] = totalInstructions(dump);
  }
  if (out.commands === undefined || out.starts === undefined || out.lobbies === undefined || (MONEY && (out.spends === undefined || out.spins === undefined)) || (CLAIMS && (out.match3 === undefined || out.claims === undefined))) throw new Error(`callgrind's dumps not found in ${dir}: ${JSON.stringify(out)}`);
  return out;
}

const [rev, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 1);
if (spawnSync("valgrind", ["--version"]).status !== 0) {
  console.error("valgrind is not installed: apt-get install -y valgrind");
  process.exit(2);
}
const dir = mkdtempSync(path.join(os.tmpdir(), "playloop-instructions-"));
const sides: TSide[] = [{ label: "this checkout", cwd: root }];
let tree: string | null = null;
try {
  if (rev) {
    const commit = execFileSync("git", ["rev-parse", "--verify", `${rev}^{commit}`], { cwd: root, encoding: "utf8" }).trim();
    tree = mkdtempSync(path.join(os.tmpdir(), "playloop-instructions-rev-"));
    execFileSync("git", ["worktree", "add", "--detach", tree, commit], { cwd: root, stdio: "ignore" });
    symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"), "dir");
    execFileSync("npm", ["run", "--silent", "db:generate"], { cwd: tree, stdio: "ignore" });
    sides.unshift({ label: `${rev} (${commit.slice(0, 7)})`, cwd: tree });
  }
  const bundles = sides.map(buildSide);
  const counts: TSideCounts[][] = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let s = 0; s < sides.length; s++) {
      const i = round % 2 === 0 ? s : sides.length - 1 - s;
      const started = Date.now();
      counts[i]!.push(await measure(sides[i]!, bundles[i]!, dir));
      console.error(`round ${round + 1}: ${sides[i]!.label} in ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }
  console.log(instructionsReport(counts));
} finally {
  if (tree) execFileSync("git", ["worktree", "remove", "--force", tree], { cwd: root, stdio: "ignore" });
  if (process.env.INSTR_KEEP) console.error(`callgrind dumps kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
