import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { forgetPid, recordPid, RUN_ENV } from "./run-dir";
import { pollUntil } from "./wait";

/**
 * The fault suite's own redis-server (never the shared one: scenario 3 kills it), no persistence,
 * on a port of its own. `kill()` is SIGKILL, an outage; `start()` brings it back on the same port,
 * empty, as a restarted cache without persistence comes back.
 */
export type TRedis = { port: number; url: string; start(): Promise<void>; kill(): Promise<void>; stop(): Promise<void> };

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    let answer = "";
    s.setTimeout(500, () => s.destroy());
    s.on("connect", () => s.write("PING\r\n"));
    s.on("data", (d) => {
      answer += d.toString();
      if (answer.includes("\r\n")) s.end();
    });
    s.on("error", () => resolve(false));
    s.on("close", () => resolve(answer.startsWith("+PONG")));
  });
}

export async function startRedis(runDir: string, port: number, name = "redis"): Promise<TRedis> {
  if (spawnSync("redis-server", ["--version"]).status !== 0) throw new Error("The fault suite needs redis-server (apt-get install redis-server)");
  let child: ChildProcess | null = null;
  const r: TRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", runDir], {
        stdio: ["ignore", "ignore", "inherit"],
        cwd: runDir,
        env: { ...process.env, [RUN_ENV]: runDir },
      });
      recordPid(runDir, name, child.pid!);
      await pollUntil(`redis-server on ${port} answers PING`, () => ping(port), { timeoutMs: 10_000, everyMs: 50 });
    },
    async kill() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((resolve) => c.once("exit", resolve));
      c.kill("SIGKILL");
      await exited;
      forgetPid(runDir, name);
      child = null;
    },
    stop: () => r.kill(),
  };
  await r.start();
  return r;
}
