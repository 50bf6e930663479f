import { fork, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts } from "../helpers/ports";

/** The real server process, configured with a Redis that is not running. */
let child: ChildProcess;
let port: number;

beforeAll(async () => {
  [port] = (await freePorts(1)) as [number];
  child = fork("bench/api-server.ts", [String(port)], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, REDIS_URL: "redis://127.0.0.1:1", LOG_LEVEL: "silent", PUBLIC_BASE_URL: `http://localhost:${port}` },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
});
afterAll(() => {
  child.kill("SIGKILL");
});

describe("with REDIS_URL pointing at a stopped Redis", () => {
  it("/v1/health is alive and /v1/ready answers 503 naming the cache store", async () => {
    expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${port}/v1/ready`);
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({ code: "service_unavailable", failed: ["cache"], checks: { database: "ok", cache: "failed" } });
    expect(body.message).toMatch(/cache store/);
  });

  it("limited endpoints fail closed with 503 instead of letting requests through", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/admin/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "someone@example.test", password: "whatever password" }),
    });
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe("service_unavailable");
  });
});
