import { freePorts } from "./ports";
import { spawn, spawnSync } from "node:child_process";
import { Redis } from "ioredis";
import { config } from "@/server/config/env";
import { hasServices, services } from "@/server/services/container";
import { closeServices, setupServices } from "@/server/services/setup";

/**
 * A Redis for tests that need one (several instances sharing limits, fault injection): REDIS_URL
 * when set, else a throwaway `redis-server` on a free port. Without either the test fails and says
 * what it needs, instead of skipping silently.
 */
export async function ensureRedis(): Promise<{ url: string; stop: () => void }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: () => {} };
  if (spawnSync("redis-server", ["--version"]).status !== 0) {
    throw new Error("This test needs Redis: set REDIS_URL or install redis-server (apt-get install redis-server)");
  }
  const [port] = await freePorts(1);
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => {});
    const ok = await probe.connect().then(() => probe.ping(), () => null);
    probe.disconnect();
    if (ok === "PONG") return { url, stop: () => child.kill("SIGKILL") };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not start on port ${port}`);
}

/**
 * For a test file whose code under test needs the process's own services on Redis (limits, hot
 * storage): when the file was wired without REDIS_URL, wire it again on a Redis of its own
 * (`ensureRedis`). Call it first in `beforeAll`; the returned function stops that Redis.
 */
export async function useRedisServices(): Promise<() => void> {
  if (hasServices() && services().redis) return () => {};
  const r = await ensureRedis();
  await closeServices();
  await setupServices({ role: "test", config: { ...config(), redisUrl: r.url } });
  return r.stop;
}
