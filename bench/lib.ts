import { fork, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";

export type TLoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

export async function startProcess(entry: string, args: string[], env: Record<string, string | undefined>): Promise<ChildProcess> {
  const child = fork(entry, args, { execArgv: ["--import", "tsx"], env: env as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return child;
}

export function load(url: string, opts: { connections?: number; duration?: number } = {}): Promise<TLoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: opts.connections ?? 50, duration: opts.duration ?? 10 }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });
  });
}

export function row(name: string, r: TLoadResult): string {
  return `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(9)} req/s   p50 ${String(r.p50).padStart(5)} ms   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}`;
}
