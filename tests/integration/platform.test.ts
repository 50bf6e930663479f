import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJob } from "@/server/jobs/run-job";
import { heartbeatHandler } from "@/server/jobs/handlers/heartbeat";
import { handleJob, type TJobHandler } from "@/server/jobs/handler";
import { defineJob } from "@/server/jobs/define";
import { getReadiness } from "@/server/domain/platform/ops/get-readiness";
import { createRedis } from "@/server/stores/redis";
import { latencyRecorder } from "@/server/metrics/latency";
import { startTestServer, type TTestServer } from "../helpers/server";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("operational endpoints", () => {
  it("GET /v1/health answers 200 with a request id", async () => {
    const res = await fetch(`${server.url}/v1/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("echoes a safe caller request id and replaces an unsafe one", async () => {
    const kept = await fetch(`${server.url}/v1/health`, { headers: { "X-Request-Id": "caller-req-12345" } });
    expect(kept.headers.get("x-request-id")).toBe("caller-req-12345");
    const replaced = await fetch(`${server.url}/v1/health`, { headers: { "X-Request-Id": "bad id\twith spaces" } });
    expect(replaced.headers.get("x-request-id")).not.toContain(" ");
  });

  it("GET /v1/ready checks the database and the cache store", async () => {
    const res = await fetch(`${server.url}/v1/ready`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("ready");
    expect(body.checks.database).toBe("ok");
    expect(body.checks.cache).toBe(process.env.REDIS_URL ? "ok" : "in_process");
  });

  it("readiness names the cache store when Redis is unreachable", async () => {
    const dead = createRedis("redis://127.0.0.1:1");
    try {
      const r = await getReadiness({ redisClient: dead });
      expect(r.ready).toBe(false);
      expect(r.failed).toEqual(["cache"]);
      expect(r.checks).toEqual({ database: "ok", cache: "failed" });
    } finally {
      dead.disconnect();
    }
  });

  it("GET /v1/status reports engine, latency per mechanic/action and job health from the worker", async () => {
    await runJob(heartbeatHandler as unknown as TJobHandler, {}, "test-worker");
    latencyRecorder().record("platform_test_mechanic", "swap", 3.2);
    latencyRecorder().record("platform_test_mechanic", "swap", 40);
    await latencyRecorder().flush();
    const res = await fetch(`${server.url}/v1/status`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.engine.status).toBe("ok");
    const swap = body.game_run_latency_ms.platform_test_mechanic.swap;
    expect(swap.count).toBeGreaterThanOrEqual(2);
    expect(swap.p50).toBeGreaterThanOrEqual(3.2);
    expect(swap.p99).toBeGreaterThanOrEqual(40);
    const hb = body.metrics.jobs.find((j: { name: string }) => j.name === "system.heartbeat");
    expect(hb).toMatchObject({ status: "ok", interval_seconds: 60 });
    expect(hb.runs).toBeGreaterThanOrEqual(1);
  });

  it("records a failing job as failing", async () => {
    const failing = handleJob(defineJob({ name: `test.failing.${Date.now()}`, payload: heartbeatHandler.job.payload, intervalSeconds: 60 }), async () => {
      throw new Error("boom");
    });
    await expect(runJob(failing as unknown as TJobHandler, {}, "w")).rejects.toThrow("boom");
    const body = await (await fetch(`${server.url}/v1/status`)).json();
    expect(body.metrics.jobs.find((j: { name: string }) => j.name === failing.job.name)).toMatchObject({ status: "failing", failures: 1 });
  });
});

describe("a failed job's error", () => {
  it("is rethrown with its message and code only: pg-boss keeps it in the job's row, and a driver's error names what it sent", async () => {
    const leaky = handleJob(defineJob({ name: `test.leaky.${Date.now()}`, payload: heartbeatHandler.job.payload }), async () => {
      // as ioredis fails a command: the error carries the command and its arguments
      throw Object.assign(new Error("READONLY You can't write against a read only replica."), { code: "READONLY", command: { name: "del", args: ["rl:economy:0:p:alice@example.com"] } });
    });
    const thrown = await runJob(leaky as unknown as TJobHandler, {}, "w").then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toMatchObject({ message: "READONLY You can't write against a read only replica.", code: "READONLY" });
    expect(thrown).not.toHaveProperty("command");
    const kept = Object.fromEntries(Object.getOwnPropertyNames(thrown).map((k) => [k, (thrown as unknown as Record<string, unknown>)[k]]));
    expect(JSON.stringify(kept)).not.toContain("alice");
  });
});

describe("unknown routes", () => {
  it("answer JSON 404 in the error shape", async () => {
    const res = await fetch(`${server.url}/v1/does-not-exist`);
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toMatchObject({ code: "not_found" });
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
  });
});

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 and lists the operational routes", async () => {
    const res = await fetch(`${server.url}/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    for (const p of ["/v1/health", "/v1/ready", "/v1/status"]) expect(doc.paths[p]?.get).toBeDefined();
    expect(doc.paths["/v1/ready"].get.responses["503"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(doc.paths["/v1/health"].get.security).toBeUndefined();
  });

  it("/docs serves the interactive reference with local assets", async () => {
    const html = await (await fetch(`${server.url}/docs`)).text();
    expect(html).toContain("/docs/assets/swagger-ui-bundle.js");
    const js = await fetch(`${server.url}/docs/assets/swagger-ui-bundle.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toContain("javascript");
  });
});

describe("OpenAPI document integrity", () => {
  it("lists every procedure, resolves every $ref and documents errors with the shared Error schema", async () => {
    const doc = await (await fetch(`${server.url}/docs/openapi.json`)).json();
    const { forEachOpenApiProcedure } = await import("trpc-to-openapi");
    const { appRouter } = await import("@/server/routers/_app");
    let count = 0;
    forEachOpenApiProcedure(appRouter._def.procedures, ({ meta }) => {
      count++;
      const op = doc.paths[meta.openapi.path]?.[meta.openapi.method.toLowerCase()];
      expect(op, `${meta.openapi.method} ${meta.openapi.path}`).toBeDefined();
      expect(op.responses["200"]).toBeDefined();
      for (const [status, r] of Object.entries(op.responses as Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>)) {
        if (status !== "200") expect(r.content?.["application/json"]?.schema?.$ref, `${meta.openapi.path} ${status}`).toBe("#/components/schemas/Error");
      }
    });
    const { describePlainRoutes } = await import("@/server/http/openapi");
    const { PLAIN_ROUTES } = await import("@/server/http/plain-routes/table");
    const operations = (paths: object) => Object.values(paths).reduce((n: number, p) => n + Object.keys(p as object).length, 0);
    expect(operations(doc.paths)).toBe(count + operations(describePlainRoutes(PLAIN_ROUTES)));
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const path = ref.slice(8, -1).replace(/^#\//, "").split("/");
      let node: unknown = doc;
      for (const seg of path) node = (node as Record<string, unknown>)?.[seg];
      expect(node, ref).toBeDefined();
    }
    for (const p of Object.keys(doc.paths)) expect(p.startsWith("/v1/")).toBe(true);
  });
});
