import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pool } from "@/server/db/client";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { serializeBody } from "@/server/domain/platform/webhooks/payload";
import { requestLogger } from "@/server/logging/logger";
import { webhookSecret } from "@/server/domain/platform/webhooks/signature";
import { advanceClock, nowSeconds } from "@/server/lib/clock";
import { client, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { createCampaign, deliveriesOf, rewardsProject, winLevel } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";
import { attemptsOf, v1 } from "../helpers/webhooks";

/**
 * The platform's own test inbox end to end: real deliveries verified on arrival, every refusal
 * (tampered, stale, future, retired version) a 401 stored with its verdict, the token as the only
 * credential, the last 50 kept, 256 KiB at most.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

const inboxPath = (projectId: string) => `/v1/admin/projects/${projectId}/webhooks/inbox`;

/** The inbox's path on this test server (the URL the API gives names PUBLIC_BASE_URL's host). */
async function inboxOf(projectId: string): Promise<string> {
  const res = await call("GET", inboxPath(projectId), { token: admin.token });
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(/^http:\/\/localhost:3000\/v1\/webhooks\/inbox\/[0-9a-f]{64}$/);
  return new URL(res.body.url).pathname;
}

function signed(projectId: string, body: string, o: { version?: number; secretVersion?: number; t?: number } = {}) {
  const t = o.t ?? nowSeconds();
  const version = o.version ?? 1;
  return { "x-service-signature": `t=${t},v=${version},v1=${v1(webhookSecret(projectId, o.secretVersion ?? version), t, body)}` };
}

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  const text = await res.text();
  advanceClock(1); // strictly increasing arrival times: the stored order (and "the last 50") is well defined
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The verdicts stored for a project's inbox, sorted (requests a millisecond apart share a received_at). */
async function storedVerdicts(projectId: string): Promise<string[]> {
  const { rows } = await pool().query("SELECT verdict FROM webhook_inbox_message WHERE project_id = $1", [projectId]);
  return rows.map((r) => r.verdict).sort();
}

describe("the test inbox", () => {
  it("receives real deliveries and stores them verified", async () => {
    const { projectId, key } = await rewardsProject(call, admin);
    await createCampaign(call, admin, projectId);
    expect((await call("GET", inboxPath(projectId), { token: admin.token })).body.messages).toEqual([]);
    const inboxUrl = server.url + (await inboxOf(projectId));
    expect((await call("PATCH", `/v1/admin/projects/${projectId}/webhook-settings`, { token: admin.token, body: { webhook_url: inboxUrl } })).status).toBe(200);
    await winLevel(call, projectId, key);
    const [delivery] = await deliveriesOf(projectId);
    expect(delivery.target_url).toBe(inboxUrl);

    expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered", status: 200 });
    expect(JSON.parse((await attemptsOf(delivery.id))[0].response_excerpt)).toEqual({ received: true, secret_version: 1, grant_id: expect.any(String), duplicate: false });
    const { messages } = (await call("GET", inboxPath(projectId), { token: admin.token })).body;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ signature_valid: true, verdict: "verified", secret_version: 1, idempotency_key: delivery.idempotency_key });
    expect(messages[0].headers).toMatchObject({ "x-service-event": "reward.eligible", "x-service-delivery-id": delivery.id, "content-type": "application/json" });
    expect(messages[0].headers["x-service-signature"]).toMatch(/^t=\d+,v=1,v1=[0-9a-f]{64}$/);
    expect(messages[0].body).toBe(serializeBody(delivery.payload)); // the exact bytes sent
  });

  it("refuses a tampered byte, a stale or future timestamp and a missing signature with 401, storing each verdict", async () => {
    const projectId = await createProject(call, admin);
    const path = await inboxOf(projectId);
    const body = JSON.stringify({ event: "reward.eligible", idempotency_key: "k-1", amount: 15 });
    // Each timestamp from the clock at its own request (a loaded machine takes seconds over these
    // posts), 30 s clear of the 300-second tolerance either way.
    const at = (offset: number) => ({ t: nowSeconds() + offset });

    expect(await post(path, body, signed(projectId, body))).toMatchObject({ status: 200, body: { received: true, secret_version: 1, duplicate: false } });
    const tampered = body.replace("15", "16"); // one byte
    expect(await post(path, tampered, signed(projectId, body))).toMatchObject({ status: 401, body: { code: "invalid_signature", reason: "mismatch" } });
    expect(await post(path, body, signed(projectId, body, at(-330)))).toMatchObject({ status: 401, body: { code: "invalid_signature", reason: "stale" } });
    expect(await post(path, body, signed(projectId, body, at(330)))).toMatchObject({ status: 401, body: { code: "invalid_signature", reason: "future" } });
    expect(await post(path, body)).toMatchObject({ status: 401, body: { code: "invalid_signature", reason: "malformed" } });
    // Inside the 300 seconds either way, and under the legacy header name, it verifies.
    expect((await post(path, body, signed(projectId, body, at(-270)))).status).toBe(200);
    expect((await post(path, body, signed(projectId, body, at(270)))).status).toBe(200);
    expect((await post(path, body, { "x-legacy-signature": signed(projectId, body)["x-service-signature"] })).status).toBe(200);

    expect(await storedVerdicts(projectId)).toEqual(["verified", "mismatch", "stale", "future", "malformed", "verified", "verified", "verified"].sort());
    const { messages } = (await call("GET", inboxPath(projectId), { token: admin.token })).body;
    const mismatch = messages.find((m: any) => m.verdict === "mismatch");
    expect(mismatch).toMatchObject({ signature_valid: false, secret_version: null, body: tampered });
  });

  it("keeps a body text cannot hold (U+0000, bytes that are not UTF-8) as base64, signed or not, never a 500", async () => {
    const projectId = await createProject(call, admin);
    const path = await inboxOf(projectId);
    const nul = '{"event":"reward.eligible","note":"a\u0000b"}'; // a raw zero character, as a careless sender writes it
    expect(await post(path, nul, signed(projectId, nul))).toMatchObject({ status: 200, body: { received: true, secret_version: 1, duplicate: false } });
    expect(await post(path, nul)).toMatchObject({ status: 401, body: { code: "invalid_signature", reason: "malformed" } });
    const latin1 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]); // {"a":"é"} in Latin-1
    const res = await fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: latin1 });
    expect(res.status).toBe(401);
    const { messages } = (await call("GET", inboxPath(projectId), { token: admin.token })).body;
    const bodies = messages.map((m: any) => [m.body_encoding, Buffer.from(m.body, m.body_encoding === "base64" ? "base64" : "utf8")]);
    expect(bodies).toEqual(expect.arrayContaining([["base64", Buffer.from(nul)], ["base64", Buffer.from(nul)], ["base64", latin1]]));
    const verified = messages.find((m: any) => m.verdict === "verified");
    expect(verified).toMatchObject({ signature_valid: true, body_encoding: "base64" });
    // An ordinary body stays text.
    const plain = JSON.stringify({ event: "reward.eligible" });
    await post(path, plain, signed(projectId, plain));
    const latest = (await call("GET", inboxPath(projectId), { token: admin.token })).body.messages[0];
    expect(latest).toMatchObject({ body: plain, body_encoding: "utf8" });
    // Erasing a player named in a base64 body deletes that message (it is not rewritten byte by byte).
    const named = '{"external_user_id":"inbox-erased-7","note":"\u0000"}';
    await post(path, named, signed(projectId, named));
    const erased = await call("DELETE", `/v1/admin/projects/${projectId}/players/inbox-erased-7/data`, { token: admin.token });
    expect(erased.body.anonymised.webhook_inbox_messages).toBe(1);
    const left = (await call("GET", inboxPath(projectId), { token: admin.token })).body.messages;
    expect(left.some((m: any) => Buffer.from(m.body, "base64").includes("inbox-erased-7"))).toBe(false);
    expect(left).toHaveLength(4);
  });

  it("accepts the previous secret version for 24 hours after a rotation, and refuses it after", async () => {
    const projectId = await createProject(call, admin);
    const path = await inboxOf(projectId);
    const body = JSON.stringify({ event: "reward.eligible", idempotency_key: "k-rot" });
    expect((await post(path, body, signed(projectId, body, { version: 2 }))).body).toMatchObject({ reason: "unknown_version" }); // not yet

    expect((await call("POST", `/v1/admin/projects/${projectId}/webhook-secret/rotate`, { token: admin.token })).body.version).toBe(2);
    expect(await post(path, body, signed(projectId, body, { version: 1 }))).toMatchObject({ status: 200, body: { received: true, secret_version: 1, duplicate: false } });
    // (the same delivery signed again with the current secret: the same grant)
    expect(await post(path, body, signed(projectId, body, { version: 2 }))).toMatchObject({ status: 200, body: { received: true, secret_version: 2, duplicate: true } });
    // The version named must be the one that signed.
    expect((await post(path, body, signed(projectId, body, { version: 2, secretVersion: 1 }))).body).toMatchObject({ reason: "mismatch" });

    advanceClock(24 * 3600_000 - 60_000);
    expect((await post(path, body, signed(projectId, body, { version: 1 }))).status).toBe(200); // a minute before the end
    advanceClock(60_000);
    expect(await post(path, body, signed(projectId, body, { version: 1 }))).toMatchObject({ status: 401, body: { code: "invalid_signature", reason: "unknown_version" } });
    expect((await post(path, body, signed(projectId, body, { version: 2 }))).status).toBe(200);
    expect(await storedVerdicts(projectId)).toEqual(["unknown_version", "verified", "verified", "mismatch", "verified", "unknown_version", "verified"].sort());
  });

  it("answers one grant_id per idempotency key, even to concurrent repeats; an unverified message grants nothing", async () => {
    const projectId = await createProject(call, admin);
    const path = await inboxOf(projectId);
    const body = JSON.stringify({ event: "reward.eligible", idempotency_key: "order-7" });
    const keyed = () => ({ ...signed(projectId, body), "x-legacy-idempotency-key": "order-7" });
    // A forged one first: it is stored, refused, and is not the grant.
    expect((await post(path, body, { "x-service-signature": "t=1,v1=00", "x-legacy-idempotency-key": "order-7" })).status).toBe(401);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(path, body, keyed())));
    const ids = new Set(answers.map((a) => a.body.grant_id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    const otherBody = JSON.stringify({ event: "reward.eligible", idempotency_key: "order-8" });
    const other = await post(path, otherBody, { ...signed(projectId, otherBody), "x-legacy-idempotency-key": "order-8" });
    expect(ids.has(other.body.grant_id)).toBe(false);
    // The key is the signed body's: a replay whose unsigned header says another key, or none, is the same grant.
    for (const header of [{ "x-legacy-idempotency-key": "order-7-again" }, {} as Record<string, string>]) {
      const replay = await post(path, body, { ...signed(projectId, body), ...header });
      expect(replay.body).toMatchObject({ grant_id: [...ids][0], duplicate: true });
    }
  });

  it("keeps the first grant when a repeat's clock reads earlier than the grant's (arrival times are read before the key's lock)", async () => {
    const projectId = await createProject(call, admin);
    const path = await inboxOf(projectId);
    const body = JSON.stringify({ event: "reward.eligible", idempotency_key: "order-9" });
    const keyed = () => ({ ...signed(projectId, body), "x-legacy-idempotency-key": "order-9" });
    const first = await post(path, body, keyed());
    expect(first.body.duplicate).toBe(false);
    for (const back of [-2_000, -2_000]) {
      advanceClock(back); // this repeat arrived, by its clock, before the grant did
      const repeat = await post(path, body, keyed());
      expect(repeat.body).toMatchObject({ grant_id: first.body.grant_id, duplicate: true });
    }
  });

  it("passes the receiver check: it verifies, refuses what it must and echoes one grant per key", async () => {
    const projectId = await createProject(call, admin);
    const url = server.url + (await inboxOf(projectId));
    const res = await call("POST", `/v1/admin/projects/${projectId}/webhooks/receiver-check`, { token: admin.token, body: { url } });
    expect(res.status).toBe(200);
    expect(res.body.checks.map((c: { name: string; result: string }) => `${c.name}:${c.result}`)).toEqual([
      "accepts_valid:pass",
      "idempotent_redelivery:pass",
      "rejects_tampered_body:pass",
      "rejects_stale_timestamp:pass",
      "rejects_unknown_secret:pass",
      "accepts_previous_secret:skipped",
      "responds_quickly:pass",
    ]);
    expect(res.body.verdict).toBe("pass");
  });

  it("never writes its token to the access log", async () => {
    const projectId = await createProject(call, admin);
    const path = await inboxOf(projectId);
    const token = path.split("/").pop()!;
    const body = JSON.stringify({ event: "reward.eligible" });
    const info = vi.spyOn(requestLogger(), "info");
    try {
      expect((await post(path, body, signed(projectId, body))).status).toBe(200);
      expect((await post(path, body)).status).toBe(401);
      await vi.waitFor(() => expect(info.mock.calls.filter(([f]) => (f as { path?: string }).path?.startsWith("/v1/webhooks/inbox/"))).toHaveLength(2));
      const lines = info.mock.calls.map(([fields]) => JSON.stringify(fields));
      expect(lines.filter((l) => l.includes("/v1/webhooks/inbox/{token}"))).toHaveLength(2);
      expect(lines.some((l) => l.includes(token))).toBe(false);
    } finally {
      info.mockRestore();
    }
  });

  it("answers 404 to an unknown or rotated token, keeps the last 50, empties on DELETE and refuses bodies over 256 KiB", async () => {
    const projectId = await createProject(call, admin);
    const path = await inboxOf(projectId);
    const body = JSON.stringify({ event: "reward.eligible" });
    const token = path.split("/").pop()!;
    for (const bad of [randomBytes(32).toString("hex"), token.slice(0, 32) + "0".repeat(32), token.slice(0, 63), token.toUpperCase()]) {
      expect(await post(`/v1/webhooks/inbox/${bad}`, body, signed(projectId, body))).toMatchObject({ status: 404, body: { code: "not_found" } });
    }

    const rotated = await call("POST", `${inboxPath(projectId)}/rotate`, { token: admin.token });
    const newPath = new URL(rotated.body.url).pathname;
    expect(newPath).not.toBe(path);
    expect((await post(path, body, signed(projectId, body))).status).toBe(404);
    expect(await storedVerdicts(projectId)).toEqual([]); // nothing stored for a refused token
    expect(await inboxOf(projectId)).toBe(newPath);

    for (let n = 0; n < 55; n++) {
      const b = JSON.stringify({ event: "reward.eligible", n });
      expect((await post(newPath, b, signed(projectId, b))).status).toBe(200);
    }
    const kept = (await call("GET", inboxPath(projectId), { token: admin.token })).body.messages;
    expect(kept.map((m: any) => JSON.parse(m.body).n)).toEqual(Array.from({ length: 50 }, (_, i) => 54 - i));
    expect((await storedVerdicts(projectId)).length).toBe(50);

    expect((await call("DELETE", inboxPath(projectId), { token: admin.token })).body).toEqual({ cleared: 50 });
    expect((await call("GET", inboxPath(projectId), { token: admin.token })).body).toMatchObject({ messages: [] });
    expect(await inboxOf(projectId)).toBe(newPath); // the URL stays

    const limit = 262_144;
    const big = (size: number) => `{"event":"reward.eligible","pad":"${"x".repeat(size - 36)}"}`;
    expect(Buffer.byteLength(big(limit))).toBe(limit);
    expect((await post(newPath, big(limit), signed(projectId, big(limit)))).status).toBe(200);
    const over = big(limit + 1);
    expect(await post(newPath, over, signed(projectId, over))).toMatchObject({ status: 413, body: { code: "validation_error" } });
    expect(await storedVerdicts(projectId)).toEqual(["verified"]);
  });
});
