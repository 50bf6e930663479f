import { fork, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createApiKey, createProject, randomIp, verifiedAdmin } from "../helpers/api";

/** Whole processes: start-up refusals, and what the server writes to its logs. */

function runToExit(entry: string, env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", entry], { env: { ...process.env, ...env } as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("start-up refusals", () => {
  it("refuses to start in production without PUBLIC_BASE_URL, saying why", async () => {
    const { code, stderr } = await runToExit("server/http/main.ts", { NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "" });
    expect(code).toBe(78);
    expect(stderr).toMatch(/PUBLIC_BASE_URL is required in production: admin cookies are marked Secure/);
    expect(stderr).not.toMatch(/\n\s+at /); // one line, no stack trace
  });

  it("a worker whose port is taken names the port and the variable and exits non-zero", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, stderr } = await runToExit("jobs/worker.ts", { WORKER_PORT: String(port), LOG_LEVEL: "silent" });
      expect(code).not.toBe(0);
      expect(stderr).toContain(`port ${port}`);
      expect(stderr).toContain("WORKER_PORT");
      expect(stderr).not.toMatch(/Unhandled 'error' event|\n\s+at /);
    } finally {
      blocker.close();
    }
  });
});

describe("the server's logs", () => {
  let child: ChildProcess;
  let out = "";
  let base = "";

  beforeAll(async () => {
    // A port the system just gave out (a fixed range could be taken by anything else on the machine).
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    base = `http://127.0.0.1:${port}`;
    child = fork("bench/api-server.ts", [String(port)], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, LOG_LEVEL: "debug", PUBLIC_BASE_URL: "http://localhost:3000", TRUSTED_PROXIES: "127.0.0.1,::1" },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      child.once("message", () => resolve());
      child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out.slice(-2_000)}`))); // with what it said
    });
  });
  afterAll(() => {
    child.kill("SIGKILL");
  });

  it("never contain a session token from a URL, valid or not", async () => {
    const call = client(base);
    const admin = await verifiedAdmin(call);
    const projectId = await createProject(call, admin);
    const key = await createApiKey(call, admin, projectId);
    const token = (await call("POST", "/v1/server/session-token", { token: key, ip: randomIp(), body: { project_id: projectId, external_user_id: "logged-user" } })).body.session_token as string;
    expect(token).toBeTruthy();
    expect((await call("GET", `/v1/progress/state?session_token=${token}`)).status).toBe(200);
    expect((await call("GET", `/v1/widget/config?project_id=${projectId}&session_token=${token}`)).status).toBe(200);
    expect((await call("GET", `/v1/progress/state?session_token=${token}x`)).status).toBe(401);
    expect((await call("GET", `/v1/lobby?session_token=${token}`)).status).toBe(401);
    // logs go out in batches, at least once a second: wait for the last request's line
    await expect.poll(() => out.includes("/v1/lobby"), { timeout: 5_000 }).toBe(true);
    expect(out).toContain("/v1/progress/state"); // the requests were logged…
    expect(out).not.toContain(token.split(".")[2]!); // …without the token
    expect(out).not.toContain("session_token=");
  });

  it("logs malformed percent-encoding at debug, never as an error", async () => {
    const before = out.length;
    for (const path of ["/v1/game-runs/%E0%A4%A/commands", "/v1/game-runs/%E0%A4%A", "/v1/admin/projects/%ZZ"]) {
      const res = await fetch(base + path, { method: path.endsWith("commands") ? "POST" : "GET" });
      expect(res.status, path).toBe(400);
    }
    await expect.poll(() => out.slice(before).includes("/v1/admin/projects/%ZZ"), { timeout: 5_000 }).toBe(true);
    const lines = out.slice(before).split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return { raw: l }; } });
    expect(lines.filter((l) => l.level >= 50 || l.raw)).toEqual([]);
  });
});
