import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { exitCodeOf, formatReport, runCli, type ReceiverCheckReport } from "@/sdk/node/src/index";

/**
 * The `playloop check-receiver` command against a small fake of the service: which route it calls
 * with which credential and body, the report it prints, and its exit status.
 */
type TSeen = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown };
let seen: TSeen[] = [];
let answer: { status: number; body: unknown; headers?: Record<string, string> } = { status: 200, body: {} };
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: text ? JSON.parse(text) : null });
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
});

const check = (name: ReceiverCheckReport["checks"][number]["name"], result: ReceiverCheckReport["checks"][number]["result"], status: number | null, detail: string, duration_ms: number | null = status === null ? null : 12) => ({ name, result, status, duration_ms, detail });

function report(verdict: ReceiverCheckReport["verdict"], checks: ReceiverCheckReport["checks"]): ReceiverCheckReport {
  return { check_id: "6f1c2c4e-8f0a-4c39-9a57-0d1e6b2f7a10", url: "https://shop.example/webhooks/playloop", started_at: "2026-05-04T09:30:00.000Z", finished_at: "2026-05-04T09:30:01.000Z", verdict, checks, latency_ms: 12 };
}

const PASSING = report("pass", [
  check("accepts_valid", "pass", 200, "A correctly signed test delivery was accepted (200)."),
  check("idempotent_redelivery", "pass", 200, "The same delivery again was accepted without a second grant."),
  check("rejects_tampered_body", "pass", 401, "Refused (401)."),
  check("accepts_previous_secret", "skipped", null, "No rotation is in its grace period."),
]);
const FAILING = report("fail", [
  check("accepts_valid", "pass", 200, "Accepted (200)."),
  check("rejects_tampered_body", "fail", 200, "A delivery whose body was changed after signing was accepted (200)."),
  check("idempotent_redelivery", "unknown", 200, "Accepted again, but the receiver did not say what it granted."),
]);
const UNKNOWN = report("unknown", [check("accepts_valid", "pass", 200, "Accepted."), check("idempotent_redelivery", "unknown", 200, "No grant_id.")]);

async function run(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { env, stdout: (s) => out.push(s), stderr: (s) => err.push(s), color: false });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("playloop check-receiver", () => {
  it("with an API key: POST /v1/server/webhooks/receiver-check { project_id, url }, one line per check, exit 0 on pass", async () => {
    answer = { status: 200, body: PASSING };
    const r = await run(["check-receiver", "https://shop.example/webhooks/playloop"], { PLAYLOOP_API_KEY: "pk_test_1", PLAYLOOP_BASE_URL: `${baseUrl}/`, PLAYLOOP_PROJECT_ID: "p-1" });
    expect(r.code).toBe(0);
    expect(seen).toEqual([expect.objectContaining({ method: "POST", path: "/v1/server/webhooks/receiver-check", body: { project_id: "p-1", url: "https://shop.example/webhooks/playloop" } })]);
    expect(seen[0]!.headers.authorization).toBe("Bearer pk_test_1");
    expect(seen[0]!.headers["content-type"]).toBe("application/json");
    const lines = r.out.split("\n");
    expect(lines[0]).toBe("Receiver check of https://shop.example/webhooks/playloop");
    expect(lines).toContain("  ✓ accepts_valid            pass    (200, 12 ms) A correctly signed test delivery was accepted (200).");
    expect(lines).toContain("  - accepts_previous_secret  skipped No rotation is in its grace period.");
    expect(r.out).toContain("Verdict: PASS (3 pass, 1 skipped), latency 12 ms");
    expect(r.out).toContain("Check id: 6f1c2c4e-8f0a-4c39-9a57-0d1e6b2f7a10");
    expect(r.err).toBe("");
  });

  it("exit 1 on fail (✗ lines), 2 on unknown (? lines)", async () => {
    answer = { status: 200, body: FAILING };
    const failed = await run(["check-receiver", "https://shop.example/webhooks/playloop", "--api-key", "pk", "--project", "p-1", "--base-url", baseUrl]);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain("  ✗ rejects_tampered_body  fail    (200, 12 ms) A delivery whose body was changed after signing was accepted (200).");
    expect(failed.out).toContain("  ? idempotent_redelivery  unknown (200, 12 ms) Accepted again");
    expect(failed.out).toContain("Verdict: FAIL (1 pass, 1 fail, 1 unknown)");

    answer = { status: 200, body: UNKNOWN };
    const unknown = await run(["check-receiver", "https://shop.example/webhooks/playloop", "--api-key", "pk", "--project", "p-1", "--base-url", baseUrl]);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain("Verdict: UNKNOWN");
    expect([exitCodeOf("pass"), exitCodeOf("fail"), exitCodeOf("unknown")]).toEqual([0, 1, 2]);
  });

  it("with an admin token: POST /v1/admin/projects/{project_id}/webhooks/receiver-check { url }; without a url the project's webhook URL is checked", async () => {
    answer = { status: 200, body: PASSING };
    const r = await run(["check-receiver", "https://shop.example/hook", "--admin-token", "eyJadmin", "--project", "p 2"], { PLAYLOOP_BASE_URL: baseUrl, PLAYLOOP_API_KEY: "pk_ignored" });
    expect(r.code).toBe(0);
    expect(seen[0]).toMatchObject({ path: "/v1/admin/projects/p%202/webhooks/receiver-check", body: { url: "https://shop.example/hook" } });
    expect(seen[0]!.headers.authorization).toBe("Bearer eyJadmin");

    const envAdmin = await run(["check-receiver"], { PLAYLOOP_BASE_URL: baseUrl, PLAYLOOP_ADMIN_TOKEN: "eyJenv", PLAYLOOP_PROJECT_ID: "p-3" });
    expect(envAdmin.code).toBe(0);
    expect(seen[1]).toMatchObject({ path: "/v1/admin/projects/p-3/webhooks/receiver-check", body: {} });
    expect(seen[1]!.headers.authorization).toBe("Bearer eyJenv");
  });

  it("--json prints the report itself", async () => {
    answer = { status: 200, body: FAILING };
    const r = await run(["check-receiver", "https://shop.example/webhooks/playloop", "--json"], { PLAYLOOP_API_KEY: "pk", PLAYLOOP_BASE_URL: baseUrl, PLAYLOOP_PROJECT_ID: "p-1" });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual(FAILING);
  });

  it("an error answer, an unreachable service, missing credentials or project, a bad command: exit 2 with a message", async () => {
    answer = { status: 403, body: { code: "insufficient_scope", message: "The API key lacks the scope webhooks:check", request_id: "req-9" } };
    const refused = await run(["check-receiver", "https://shop.example/h"], { PLAYLOOP_API_KEY: "pk", PLAYLOOP_BASE_URL: baseUrl, PLAYLOOP_PROJECT_ID: "p-1" });
    expect(refused).toMatchObject({ code: 2, out: "" });
    expect(refused.err).toBe("playloop: the receiver check was refused: 403 insufficient_scope: The API key lacks the scope webhooks:check (request req-9)");

    answer = { status: 429, body: { code: "rate_limited", message: "Too many requests", request_id: "req-10" }, headers: { "retry-after": "60" } };
    expect((await run(["check-receiver"], { PLAYLOOP_API_KEY: "pk", PLAYLOOP_BASE_URL: baseUrl, PLAYLOOP_PROJECT_ID: "p-1" })).err).toContain("429 rate_limited");

    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    const unreachable = await run(["check-receiver", "https://shop.example/h"], { PLAYLOOP_API_KEY: "pk", PLAYLOOP_BASE_URL: deadUrl, PLAYLOOP_PROJECT_ID: "p-1" });
    expect(unreachable.code).toBe(2);
    expect(unreachable.err).toContain(`could not reach ${deadUrl}`);

    expect((await run(["check-receiver", "https://shop.example/h"], { PLAYLOOP_BASE_URL: baseUrl, PLAYLOOP_PROJECT_ID: "p-1" })).err).toContain("no credentials");
    expect((await run(["check-receiver", "https://shop.example/h"], { PLAYLOOP_BASE_URL: baseUrl, PLAYLOOP_API_KEY: "pk" })).err).toContain("project is required");
    expect((await run(["check-receiver", "a", "b"], { PLAYLOOP_API_KEY: "pk", PLAYLOOP_PROJECT_ID: "p" })).code).toBe(2);
    expect((await run(["check-receiver", "--nope"], { PLAYLOOP_API_KEY: "pk", PLAYLOOP_PROJECT_ID: "p" })).code).toBe(2);
    expect((await run(["frobnicate"])).code).toBe(2);
    expect((await run([])).code).toBe(2);
    expect(await run(["--help"])).toMatchObject({ code: 0, out: expect.stringContaining("Usage: playloop check-receiver") });
    expect(seen.filter((s) => s.path.includes("receiver-check"))).toHaveLength(2); // only the two that got as far as asking
  });

  it("colours the marks and the verdict only when asked", () => {
    expect(formatReport(PASSING)).not.toContain("\x1b[");
    expect(formatReport(PASSING, { color: true })).toContain("\x1b[32m✓\x1b[0m");
  });

  it("the installed bin (node_modules/.bin/playloop → sdk/node/bin/playloop.mjs) runs under plain node with the same exit status", async () => {
    answer = { status: 200, body: FAILING };
    const bin = fileURLToPath(new URL("../../node_modules/.bin/playloop", import.meta.url));
    const result = await promisify(execFile)(bin, ["check-receiver", "https://shop.example/webhooks/playloop"], {
      env: { NODE_ENV: "test", PATH: process.env.PATH, PLAYLOOP_API_KEY: "pk_bin", PLAYLOOP_BASE_URL: baseUrl, PLAYLOOP_PROJECT_ID: "p-bin" },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("✗ rejects_tampered_body");
    expect(seen.at(-1)).toMatchObject({ path: "/v1/server/webhooks/receiver-check", body: { project_id: "p-bin", url: "https://shop.example/webhooks/playloop" } });
  });
});
