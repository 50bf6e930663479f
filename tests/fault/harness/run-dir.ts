import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pgCtl } from "./postgres";

/**
 * Every fault run keeps what it starts under one directory: the throwaway PostgreSQL cluster,
 * Redis, the service's logs and a pid file per process it spawned. A run that was killed before
 * its teardown (a cancelled CI job) leaves that directory behind; the next run stops whatever it
 * lists and deletes it, so nothing leaks from one run into the next.
 */
const ROOT = path.join(os.tmpdir(), "playloop-fault");
const OWNER = "owner.pid";

export function createRunDir(): string {
  mkdirSync(ROOT, { recursive: true, mode: 0o755 });
  const dir = mkdtempSync(path.join(ROOT, "run-"));
  // PostgreSQL runs as its own user when we are root: it must be able to reach its folder.
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, OWNER), String(process.pid));
  mkdirSync(path.join(dir, "pids"));
  return dir;
}

/** Records a spawned process so a later run can stop it if this one never got to. */
export function recordPid(runDir: string, name: string, pid: number): void {
  writeFileSync(path.join(runDir, "pids", `${name}.pid`), String(pid));
}

export function forgetPid(runDir: string, name: string): void {
  rmSync(path.join(runDir, "pids", `${name}.pid`), { force: true });
}

/** The variable every process of a run carries, naming its run directory (how a later run knows a pid is still ours). */
export const RUN_ENV = "PLAYLOOP_FAULT_RUN";

/**
 * Whether `pid` is a live process of the run in `dir` (a recycled pid belongs to someone else and
 * is left alone): the service's processes carry RUN_ENV; redis-server writes its title over its
 * environment, so it is known by its working directory, the run directory.
 */
function ours(pid: number, dir: string): boolean {
  try {
    if (readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`${RUN_ENV}=${dir}`)) return true;
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    return cwd === dir || cwd === `${dir} (deleted)`;
  } catch {
    return false;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Stops everything a run directory lists and deletes it. */
export function removeRunDir(dir: string): void {
  stopRunKeepLogs(dir);
  rmSync(dir, { recursive: true, force: true });
}

/** Stops everything a run directory lists; its logs stay (FAULT_KEEP_LOGS=1, for debugging) until the next run. */
export function stopRunKeepLogs(dir: string): void {
  const pids = path.join(dir, "pids");
  if (existsSync(pids)) {
    for (const f of readdirSync(pids)) {
      const pid = Number(readFileSync(path.join(pids, f), "utf8"));
      if (pid > 0 && ours(pid, dir)) process.kill(pid, "SIGKILL");
    }
  }
  // The suite's cluster and a read replica's (read-replica.test.ts).
  for (const cluster of ["pg", "pg-replica"]) {
    const data = path.join(dir, cluster, "data");
    if (!existsSync(path.join(data, "postmaster.pid"))) continue;
    try {
      pgCtl(path.join(dir, cluster), ["stop", "-D", data, "-m", "immediate", "-w"]);
    } catch {
      /* already stopped */
    }
  }
  rmSync(path.join(dir, OWNER), { force: true });
}

/** Removes the directories of earlier runs whose owner is gone. */
export function cleanStaleRuns(): void {
  if (!existsSync(ROOT)) return;
  for (const name of readdirSync(ROOT)) {
    const dir = path.join(ROOT, name);
    const ownerFile = path.join(dir, OWNER);
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, "utf8")) : 0;
    if (owner > 0 && owner !== process.pid && alive(owner)) continue;
    removeRunDir(dir);
  }
}

/** The last lines of a log file (for a failure message). */
export function tail(file: string, lines = 30): string {
  if (!existsSync(file)) return "(no log)";
  return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
}
