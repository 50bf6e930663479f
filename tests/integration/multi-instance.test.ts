import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts } from "../helpers/ports";
import { ensureRedis } from "../helpers/redis";

/**
 * Two web processes on one PostgreSQL and one Redis behave as one service: limits are counted in
 * Redis, sessions live in the database, latency metrics merge. Uses REDIS_URL (CI sets it) or
 * starts its own redis-server; without either it fails saying so.
 */
let redis: { url: string; stop: () => void };
let ports: number[] = [];
const children: ChildProcess[] = [];

async function start(port: number): Promise<ChildProcess> {
  const child = fork("bench/api-server.ts", [String(port)], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, REDIS_URL: redis.url, LOG_LEVEL: "silent", PUBLIC_BASE_URL: "http://localhost:3000", TRUSTED_PROXIES: "127.0.0.1,::1" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  return child;
}

describe("two web instances on one PostgreSQL and Redis", () => {
  beforeAll(async () => {
    redis = await ensureRedis();
    ports = await freePorts(2);
    for (const port of ports) children.push(await start(port));
  });
  afterAll(() => {
    for (const c of children) c.kill("SIGKILL");
    redis?.stop();
  });

  const login = (port: number, email: string, ip: string) =>
    fetch(`http://127.0.0.1:${port}/v1/admin/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password: "wrong password!" }),
    }).then((r) => r.status);

  it("shares rate limits: 10 login attempts per e-mail and address across both instances, then 429 on either", async () => {
    const email = `multi-${randomUUID().slice(0, 8)}@example.test`;
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await login(ports[i % 2]!, email, ip));
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect(await login(ports[0]!, email, ip)).toBe(429);
    expect(await login(ports[1]!, email, ip)).toBe(429);
  });

  it("a session created on one instance is valid and revocable on the other", async () => {
    const email = `multi-${randomUUID().slice(0, 8)}@example.test`;
    const a = `http://127.0.0.1:${ports[0]}`;
    const b = `http://127.0.0.1:${ports[1]}`;
    const json = { "content-type": "application/json", "x-forwarded-for": "10.78.1.1" };
    await fetch(`${a}/v1/admin/auth/signup`, { method: "POST", headers: json, body: JSON.stringify({ email, password: "correct horse battery" }) });
    const { token } = await (await fetch(`${a}/v1/admin/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email, password: "correct horse battery" }) })).json();
    expect((await fetch(`${b}/v1/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${b}/v1/admin/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${a}/v1/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
