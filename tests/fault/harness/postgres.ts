import { execFile, execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * A throwaway PostgreSQL cluster for the fault suite, never the machine's shared one: the suite
 * restarts it in immediate mode, which would cut every other suite's connections. Trust auth on
 * 127.0.0.1 and a socket in its own folder. initdb and the server refuse to run as root, so as
 * root (CI) they run as the `postgres` user over a folder it owns. fsync is off: the faults here
 * kill processes, never the machine, so what PostgreSQL has written survives them either way.
 */
const IS_ROOT = process.getuid?.() === 0;

function binDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, "bin", "initdb"))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest) return path.join(base, newest, "bin");
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromConfig.status === 0 && existsSync(path.join(fromConfig.stdout.trim(), "initdb"))) return fromConfig.stdout.trim();
  throw new Error("The fault suite needs PostgreSQL's server binaries (initdb, pg_ctl): apt-get install postgresql, or set PG_BINDIR");
}

/** The command line that runs a PostgreSQL binary: as `postgres` when we are root. */
function pgCommand(binary: string, args: string[]): [string, string[]] {
  const file = path.join(binDir(), binary);
  return IS_ROOT ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
}

/** Runs a PostgreSQL binary; throws with its output on failure. */
function runPg(binary: string, args: string[]): string {
  const [cmd, argv] = pgCommand(binary, args);
  try {
    return execFileSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${binary} ${args.join(" ")} failed: ${err.stderr || err.stdout || err.message}`);
  }
}

/** pg_ctl on the cluster in `pgDir` (its log goes to `pgDir/server.log`). */
export function pgCtl(pgDir: string, args: string[]): string {
  return runPg("pg_ctl", [...args, "-l", path.join(pgDir, "server.log")]);
}

export type TPgCluster = {
  port: number;
  dir: string;
  /** A connection string for `database` on this cluster. */
  url(database?: string): string;
  /**
   * `pg_ctl restart -m immediate`: every backend is killed at once, then the server recovers from
   * its WAL. Asynchronous, so the caller's own load keeps running meanwhile; answers the ms it took.
   */
  restartImmediate(): Promise<number>;
  stop(): void;
};

export function clusterAt(dir: string, port: number): TPgCluster {
  const data = path.join(dir, "data");
  return {
    port,
    dir,
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    restartImmediate() {
      const t0 = performance.now();
      const [cmd, argv] = pgCommand("pg_ctl", ["restart", "-D", data, "-m", "immediate", "-w", "-t", "60", "-l", path.join(dir, "server.log")]);
      return new Promise((resolve, reject) =>
        execFile(cmd, argv, (e, stdout, stderr) => (e ? reject(new Error(`pg_ctl restart failed: ${stderr || stdout || e.message}`)) : resolve(Math.round(performance.now() - t0)))),
      );
    },
    stop() {
      if (existsSync(path.join(data, "postmaster.pid"))) pgCtl(dir, ["stop", "-D", data, "-m", "fast", "-w", "-t", "30"]);
    },
  };
}

/** A folder the server may own: as root, handed to the `postgres` user. */
function ownedDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  if (IS_ROOT) {
    const ids = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const gid = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
}

async function accepting(cluster: TPgCluster): Promise<void> {
  const c = new pg.Client({ connectionString: cluster.url() });
  await c.connect();
  await c.end();
}

/** initdb into `dir/data` and start the server on `port`; resolves once it accepts connections. */
export async function startCluster(dir: string, port: number): Promise<TPgCluster> {
  ownedDir(dir);
  const data = path.join(dir, "data");
  runPg("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  // In postgresql.conf, not on the command line, so that a restart keeps them.
  appendFileSync(
    path.join(data, "postgresql.conf"),
    [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`, "max_connections = 200", "fsync = off", "log_min_messages = warning", ""].join("\n"),
  );
  const cluster = clusterAt(dir, port);
  pgCtl(dir, ["start", "-D", data, "-w", "-t", "60"]);
  await accepting(cluster);
  return cluster;
}

export type TPgReplica = TPgCluster & {
  /** `pg_ctl stop -m immediate`: the replica is gone at once, as a machine that fails. */
  crash(): void;
  /** Starts it again; it resumes streaming from where it stopped. */
  start(): Promise<void>;
  /** Stops replaying the WAL it receives (it keeps answering reads, as of the last replayed commit), and resumes. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
};

/**
 * A hot standby of `primary`, the way an operator makes one: `pg_basebackup -R` (a copy of the
 * cluster, `standby.signal` and the primary's address) into `dir/data`, started on `port`, streaming.
 * initdb's trust rules already let 127.0.0.1 connect for replication.
 */
export async function startReplica(primary: TPgCluster, dir: string, port: number): Promise<TPgReplica> {
  ownedDir(dir);
  const data = path.join(dir, "data");
  runPg("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", data, "-R", "-X", "stream", "-c", "fast", "--no-sync"]);
  // The copy carries the primary's settings; the last line of a setting wins.
  appendFileSync(path.join(data, "postgresql.conf"), [`port = ${port}`, `unix_socket_directories = '${dir}'`, "hot_standby = on", ""].join("\n"));
  const cluster = clusterAt(dir, port);
  pgCtl(dir, ["start", "-D", data, "-w", "-t", "60"]);
  await accepting(cluster);
  const sql = async (text: string) => {
    const c = new pg.Client({ connectionString: cluster.url() });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  return {
    ...cluster,
    crash() {
      pgCtl(dir, ["stop", "-D", data, "-m", "immediate", "-w", "-t", "30"]);
    },
    async start() {
      pgCtl(dir, ["start", "-D", data, "-w", "-t", "60"]);
      await accepting(cluster);
    },
    pauseReplay: () => sql("SELECT pg_wal_replay_pause()"),
    resumeReplay: () => sql("SELECT pg_wal_replay_resume()"),
  };
}
