import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import path from "node:path";
import { serverBundle, SERVER_NODE_ARGS } from "@/scripts/build-server";
import { forgetPid, recordPid, RUN_ENV, tail } from "./run-dir";
import { pollUntil } from "./wait";

/**
 * The service's own processes, started exactly as an operator does (`npm run web` /
 * `npm run worker`: plain Node on the compiled entry points), each with its own port and log
 * file in the run directory. They run supervised: if the test process dies they stop themselves.
 */
export type TServiceProcess = {
  name: string;
  kind: "web" | "worker";
  port: number;
  url: string;
  pid: number;
  log: string;
  /** True while the process has not exited (a process that recovered "without a restart" is the same pid, still alive). */
  running(): boolean;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** Whether the test stopped it (else an exit is the process's own doing). */
  killedByTest(): boolean;
  /** SIGTERM (graceful), and wait for the exit. */
  stop(): Promise<void>;
};

const ENTRIES = { web: "server/http/main.ts", worker: "jobs/worker.ts" } as const;

/**
 * How a process of `codeDir` starts: its compiled file, as `npm start` and `npm run web` run it
 * (built in the suite's setup, or in the previous commit's worktree), or through tsx for a commit
 * from before the service was compiled.
 */
function command(kind: "web" | "worker", codeDir: string): string[] {
  const bundle = serverBundle(kind, codeDir);
  return existsSync(bundle) ? [...SERVER_NODE_ARGS, bundle] : ["--import", "tsx", ENTRIES[kind]];
}

/** `codeDir`: the checkout whose code runs (another commit's worktree); this one by default. */
export async function startService(opts: { kind: "web" | "worker"; name: string; port: number; runDir: string; env: NodeJS.ProcessEnv; readyTimeoutMs?: number; codeDir?: string }): Promise<TServiceProcess> {
  const log = path.join(opts.runDir, `${opts.name}.log`);
  const fd = openSync(log, "a");
  const portVar = opts.kind === "web" ? { PORT: String(opts.port), HOST: "127.0.0.1" } : { WORKER_PORT: String(opts.port) };
  const codeDir = opts.codeDir ?? path.resolve(".");
  const child: ChildProcess = spawn(process.execPath, command(opts.kind, codeDir), {
    cwd: codeDir,
    env: { ...opts.env, ...portVar, PLAYLOOP_PROCESS: opts.name, PLAYLOOP_SUPERVISED: "1", [RUN_ENV]: opts.runDir },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  recordPid(opts.runDir, opts.name, child.pid!);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  let killedByTest = false;
  const url = `http://127.0.0.1:${opts.port}`;
  const p: TServiceProcess = {
    name: opts.name,
    kind: opts.kind,
    port: opts.port,
    url,
    pid: child.pid!,
    log,
    running,
    killedByTest: () => killedByTest,
    async kill() {
      killedByTest = true;
      if (running()) child.kill("SIGKILL");
      await exited;
      forgetPid(opts.runDir, opts.name);
    },
    async stop() {
      killedByTest = true;
      if (running()) child.kill("SIGTERM");
      await exited;
      forgetPid(opts.runDir, opts.name);
    },
  };
  const readyPath = opts.kind === "web" ? "/v1/ready" : "/ready";
  try {
    await pollUntil(`${opts.name} ready on ${url}${readyPath}`, async () => (await fetch(url + readyPath)).ok, {
      timeoutMs: opts.readyTimeoutMs ?? 90_000,
      everyMs: 200,
      abort: () => (running() ? null : `${opts.name} exited (${child.exitCode ?? child.signalCode})`),
    });
  } catch (e) {
    await p.kill();
    throw new Error(`${(e as Error).message}\n--- ${opts.name} log ---\n${tail(log)}`);
  }
  return p;
}
