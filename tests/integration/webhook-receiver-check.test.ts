import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { verifySignatureHeader } from "@/server/domain/platform/webhooks/signature";
import { webhookSecret } from "@/server/domain/platform/webhooks/signature";
import { createApiKey, createProject, verifiedAdmin } from "../helpers/api";
import { serverSuite } from "../helpers/suite";

/**
 * The receiver check against real receivers on this machine: a correct one, one that grants
 * twice, one that verifies nothing, one that says nothing of its grants, a slow one and one that
 * is not there. Each is a small HTTP server that does what its name says.
 */
const s = serverSuite();

type TKind = "correct" | "grants_twice" | "verifies_nothing" | "no_grant_id" | "slow";

/** A receiver of a kind: verifies with the secrets it holds (by version), de-duplicates on idempotency_key unless told not to. */
async function receiver(kind: TKind, secrets: Record<number, string>) {
  const granted = new Map<string, string>();
  let n = 0;
  const seen: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      seen.push({ headers: req.headers, body: raw.toString("utf8") });
      const answer = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      const respond = () => {
        if (kind !== "verifies_nothing") {
          const v = verifySignatureHeader({ header: req.headers["x-service-signature"] as string, rawBody: raw, secretFor: (version) => secrets[version] ?? null });
          if (!v.ok) return answer(401, { error: v.reason });
        }
        const event = JSON.parse(raw.toString("utf8")) as { idempotency_key: string };
        if (kind === "no_grant_id") return answer(200, { ok: true });
        const existing = kind === "grants_twice" ? undefined : granted.get(event.idempotency_key);
        const grantId = existing ?? `grant-${++n}`;
        granted.set(event.idempotency_key, grantId);
        return answer(200, { grant_id: grantId, duplicate: existing !== undefined });
      };
      if (kind === "slow" && seen.length === 1) setTimeout(respond, 2_300);
      else respond();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const checkPath = (projectId: string) => `/v1/admin/projects/${projectId}/webhooks/receiver-check`;
const results = (report: { checks: Array<{ name: string; result: string }> }) => Object.fromEntries(report.checks.map((c) => [c.name, c.result]));

async function check(kind: TKind, opts: { rotate?: boolean } = {}) {
  const projectId = await createProject(s.call, s.admin);
  if (opts.rotate) await s.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/rotate`, { token: s.admin.token });
  const version = opts.rotate ? 2 : 1;
  // A receiver mid-rotation holds both secrets; otherwise the current one.
  const rx = await receiver(kind, opts.rotate ? { 1: webhookSecret(projectId, 1), 2: webhookSecret(projectId, 2) } : { [version]: webhookSecret(projectId, version) });
  try {
    const res = await s.call("POST", checkPath(projectId), { token: s.admin.token, body: { url: rx.url } });
    expect(res.status).toBe(200);
    return { projectId, report: res.body, rx };
  } finally {
    await rx.close();
  }
}

describe("receiver check", () => {
  it("a correct receiver passes; every delivery is a marked test for a test player and nothing is recorded but the report", async () => {
    const { projectId, report, rx } = await check("correct");
    expect(report.verdict).toBe("pass");
    expect(results(report)).toEqual({
      accepts_valid: "pass",
      idempotent_redelivery: "pass",
      rejects_tampered_body: "pass",
      rejects_stale_timestamp: "pass",
      rejects_unknown_secret: "pass",
      accepts_previous_secret: "skipped",
      responds_quickly: "pass",
    });
    expect(report.latency_ms).toBeGreaterThanOrEqual(0);
    expect(rx.seen).toHaveLength(5);
    for (const d of rx.seen) {
      expect(d.headers["x-service-test"]).toBe("true");
      expect(d.headers["x-service-event"]).toBe("webhook.test");
      expect(JSON.parse(d.body)).toMatchObject({ event: "webhook.test", test: true, external_user_id: "test-player" });
    }
    // The repeat is the same delivery: same id, key and bytes.
    expect(rx.seen[1]!.headers["x-service-delivery-id"]).toBe(rx.seen[0]!.headers["x-service-delivery-id"]);
    expect(rx.seen[1]!.body).toBe(rx.seen[0]!.body);
    const recorded = await pool().query("SELECT (SELECT count(*) FROM reward_claim WHERE project_id = $1)::int AS claims, (SELECT count(*) FROM webhook_delivery WHERE project_id = $1)::int AS deliveries", [projectId]);
    expect(recorded.rows[0]).toEqual({ claims: 0, deliveries: 0 });
    // The report is kept for the Webhooks page.
    const latest = await s.call("GET", checkPath(projectId), { token: s.admin.token });
    expect(latest.body.report).toEqual(report);
  });

  it("during a rotation grace, a receiver holding both secrets passes the previous-secret check", async () => {
    const { report } = await check("correct", { rotate: true });
    expect(results(report).accepts_previous_secret).toBe("pass");
    expect(report.verdict).toBe("pass");
  });

  it("a receiver that grants the same delivery twice fails idempotency", async () => {
    const { report } = await check("grants_twice");
    expect(results(report).idempotent_redelivery).toBe("fail");
    expect(report.checks.find((c: { name: string }) => c.name === "idempotent_redelivery").detail).toContain("grant-1, then grant-2");
    expect(report.verdict).toBe("fail");
  });

  it("a receiver that does not say what it granted is unknown on idempotency, never pass", async () => {
    const { report } = await check("no_grant_id");
    expect(results(report).idempotent_redelivery).toBe("unknown");
    expect(report.verdict).toBe("unknown");
  });

  it("a receiver that verifies nothing fails the tampered, stale and unknown-secret checks", async () => {
    const { report } = await check("verifies_nothing");
    const r = results(report);
    expect([r.accepts_valid, r.rejects_tampered_body, r.rejects_stale_timestamp, r.rejects_unknown_secret]).toEqual(["pass", "fail", "fail", "fail"]);
    expect(report.verdict).toBe("fail");
  });

  it("a slow receiver fails responds_quickly", async () => {
    const { report } = await check("slow");
    expect(results(report).responds_quickly).toBe("fail");
    expect(report.latency_ms).toBeGreaterThanOrEqual(2_300);
  });

  it("an unreachable receiver is a failing report, not an error; a URL that is not http(s) is 422 and no report", async () => {
    const projectId = await createProject(s.call, s.admin);
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const res = await s.call("POST", checkPath(projectId), { token: s.admin.token, body: { url: `http://127.0.0.1:${port}/hooks` } });
    expect(res.status).toBe(200);
    expect(res.body.verdict).toBe("fail");
    expect(res.body.checks.map((c: { result: string }) => c.result)).toEqual(["fail", "skipped", "skipped", "skipped", "skipped", "skipped", "skipped"]);
    expect(res.body.checks[0].detail).toContain("could not be delivered");

    const other = await createProject(s.call, s.admin);
    const bad = await s.call("POST", checkPath(other), { token: s.admin.token, body: { url: "ftp://example.com/x" } });
    expect(bad.status).toBe(422);
    expect((await s.call("GET", checkPath(other), { token: s.admin.token })).body).toEqual({ report: null });
    // No URL given and none set: 409.
    const none = await s.call("POST", checkPath(other), { token: s.admin.token, body: {} });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("conflict");
  });

  it("an API key needs scope webhooks:check and its own project; another account's admin gets 404", async () => {
    const projectId = await createProject(s.call, s.admin);
    const rx = await receiver("correct", { 1: webhookSecret(projectId, 1) });
    try {
      const key = await createApiKey(s.call, s.admin, projectId, ["webhooks:check"]);
      const ok = await s.call("POST", "/v1/server/webhooks/receiver-check", { token: key, body: { project_id: projectId, url: rx.url } });
      expect(ok.status).toBe(200);
      expect(ok.body.verdict).toBe("pass");

      const sessionKey = await createApiKey(s.call, s.admin, projectId, ["session:issue"]);
      const scoped = await s.call("POST", "/v1/server/webhooks/receiver-check", { token: sessionKey, body: { project_id: projectId, url: rx.url } });
      expect(scoped.status).toBe(403);
      expect(scoped.body.code).toBe("insufficient_scope");

      const otherProject = await createProject(s.call, s.admin);
      const otherKey = await createApiKey(s.call, s.admin, otherProject, ["webhooks:check"]);
      const foreign = await s.call("POST", "/v1/server/webhooks/receiver-check", { token: otherKey, body: { project_id: projectId, url: rx.url } });
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe("forbidden");
      expect((await s.call("POST", "/v1/server/webhooks/receiver-check", { body: { project_id: projectId, url: rx.url } })).status).toBe(401);

      const mallory = await verifiedAdmin(s.call);
      expect((await s.call("POST", checkPath(projectId), { token: mallory.token, body: { url: rx.url } })).status).toBe(404);
      expect((await s.call("GET", checkPath(projectId), { token: mallory.token })).status).toBe(404);
    } finally {
      await rx.close();
    }
  });

  it("is limited to 10 checks an hour per project", async () => {
    const projectId = await createProject(s.call, s.admin);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await s.call("POST", checkPath(projectId), { token: s.admin.token, body: { url: "http://127.0.0.1:9/hooks" } })).status);
    expect(statuses.slice(0, 10).every((st) => st === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
