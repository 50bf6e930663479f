import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { signatureHeader } from "@/server/domain/platform/webhooks/signature";
import { standardWebhookHeaders } from "@/server/domain/platform/webhooks/standard-webhooks";
import {
  nextWebhookHandler,
  playloopWebhook,
  standardWebhooksKey,
  verifyWebhook,
  verifyWebhookSignature,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from "@/sdk/node/src/index";

/** verifyWebhook and the receiver adapters of @playloop/node, without a network. */
const OLD = "whsec_1111111111111111111111111111111111111111111111111111111111111111";
const NEW = "whsec_2222222222222222222222222222222222222222222222222222222222222222";
const OTHER = "whsec_9999999999999999999999999999999999999999999999999999999999999999";
const NOW = 1_767_225_600;
const BODY = JSON.stringify({ event: "reward.eligible", payload_version: 2, external_user_id: "zoë", reward_metadata: { label: "Café ☕" }, idempotency_key: "camp:zoë" });

const hex = (secret: string, t: number, body: string | Buffer) => createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex");
const sig = (t: number, version: number | null, ...v1s: string[]) => [`t=${t}`, ...(version === null ? [] : [`v=${version}`]), ...v1s.map((s) => `v1=${s}`)].join(",");

function reason(fn: () => unknown): WebhookVerificationReason | "ok" {
  try {
    fn();
    return "ok";
  } catch (e) {
    if (e instanceof WebhookVerificationError) return e.reason;
    throw e;
  }
}

describe("verifyWebhook: X-Service-Signature", () => {
  const header = sig(NOW, 1, hex(OLD, NOW, BODY));

  it("answers the parsed event for the exact bytes, as a Buffer, Uint8Array, ArrayBuffer or string, whatever the headers' shape", () => {
    const buf = Buffer.from(BODY);
    const u8 = new Uint8Array(buf);
    for (const raw of [buf, u8, u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength), BODY]) {
      expect(verifyWebhook(raw, { "x-service-signature": header }, OLD, { now: NOW })).toEqual(JSON.parse(BODY));
    }
    expect(verifyWebhook(BODY, new Headers({ "X-Service-Signature": header }), OLD, { now: NOW }).idempotency_key).toBe("camp:zoë");
    expect(verifyWebhook(BODY, { "X-Service-Signature": header }, [OLD], { now: new Date(NOW * 1000) }).external_user_id).toBe("zoë");
    // The legacy header carries the same value.
    expect(reason(() => verifyWebhook(BODY, { "x-legacy-signature": header }, OLD, { now: NOW }))).toBe("ok");
  });

  it("the signature of a slice of a larger buffer is over that slice only", () => {
    const big = Buffer.from(`xxxx${BODY}yyyy`);
    const slice = big.subarray(4, 4 + Buffer.byteLength(BODY));
    expect(reason(() => verifyWebhook(slice, { "x-service-signature": header }, OLD, { now: NOW }))).toBe("ok");
  });

  it("rotation: two v1, and any of them matching any secret the receiver holds is enough", () => {
    const dual = sig(NOW, 2, hex(NEW, NOW, BODY), hex(OLD, NOW, BODY));
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": dual }, OLD, { now: NOW }))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": dual }, NEW, { now: NOW }))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": dual }, [OTHER, NEW], { now: NOW }))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": dual }, [OTHER], { now: NOW }))).toBe("mismatch");
    // Junk before a valid v1 is skipped, not fatal.
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": sig(NOW, 2, "zz", "0".repeat(64), hex(NEW, NOW, BODY)) }, NEW, { now: NOW }))).toBe("ok");
  });

  it("a map of versions: the header's v= is tried first, but any held secret may match; no v= means version 1", () => {
    const secrets = { 1: OLD, 2: NEW };
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": sig(NOW, 2, hex(NEW, NOW, BODY)) }, secrets, { now: NOW }))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": sig(NOW, 2, hex(OLD, NOW, BODY)) }, secrets, { now: NOW }))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": sig(NOW, null, hex(OLD, NOW, BODY)) }, { "1": OLD }, { now: NOW }))).toBe("ok");
    expect(verifyWebhookSignature(BODY, { "x-service-signature": sig(NOW, null, hex(OLD, NOW, BODY)) }, { 1: OLD }, { now: NOW })).toMatchObject({ scheme: "playloop", version: 1, timestamp: NOW });
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": sig(NOW, 3, hex(OTHER, NOW, BODY)) }, secrets, { now: NOW }))).toBe("mismatch");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": sig(NOW, 1, hex(OLD, NOW, BODY)) }, { 1: null, 2: NEW }, { now: NOW }))).toBe("mismatch");
  });

  it("stale and future beyond the window (300 s both ways by default, configurable); the boundary itself passes", () => {
    const at = (t: number) => ({ "x-service-signature": sig(t, 1, hex(OLD, t, BODY)) });
    expect(reason(() => verifyWebhook(BODY, at(NOW - 300), OLD, { now: NOW }))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, at(NOW - 301), OLD, { now: NOW }))).toBe("stale");
    expect(reason(() => verifyWebhook(BODY, at(NOW + 300), OLD, { now: NOW }))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, at(NOW + 301), OLD, { now: NOW }))).toBe("future");
    expect(reason(() => verifyWebhook(BODY, at(NOW - 61), OLD, { now: NOW, toleranceSeconds: 60 }))).toBe("stale");
    expect(reason(() => verifyWebhook(BODY, at(NOW - 3000), OLD, { now: NOW, toleranceSeconds: 3600 }))).toBe("ok");
    // Against the real clock by default.
    const t = Math.floor(Date.now() / 1000);
    expect(reason(() => verifyWebhook(BODY, at(t), OLD))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, at(t - 600), OLD))).toBe("stale");
  });

  it("a tampered body, a re-serialised body, a changed t, another secret or a v1 in uppercase do not verify", () => {
    expect(reason(() => verifyWebhook(BODY.replace("Café", "Cafe"), { "x-service-signature": header }, OLD, { now: NOW }))).toBe("mismatch");
    expect(reason(() => verifyWebhook(JSON.stringify(JSON.parse(BODY), null, 1), { "x-service-signature": header }, OLD, { now: NOW }))).toBe("mismatch");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": sig(NOW + 1, 1, hex(OLD, NOW, BODY)) }, OLD, { now: NOW }))).toBe("mismatch");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": header }, OTHER, { now: NOW }))).toBe("mismatch");
    expect(reason(() => verifyWebhook(BODY, { "x-service-signature": sig(NOW, 1, hex(OLD, NOW, BODY).toUpperCase()) }, OLD, { now: NOW }))).toBe("mismatch");
  });

  it("malformed headers and bodies; no secret", () => {
    for (const h of [{}, { "x-service-signature": "" }, { "x-service-signature": "garbage" }, { "x-service-signature": `v=1,v1=${hex(OLD, NOW, BODY)}` }, { "x-service-signature": `t=${NOW},v=1` }, { "x-service-signature": `t=soon,v1=${hex(OLD, NOW, BODY)}` }]) {
      expect(reason(() => verifyWebhook(BODY, h, OLD, { now: NOW }))).toBe("malformed");
    }
    for (const s of ["", [], [""], {}, { 1: "" }]) expect(reason(() => verifyWebhook(BODY, { "x-service-signature": header }, s, { now: NOW }))).toBe("no_secret");
    // A correctly signed body that is not JSON: the signature verifies, the event cannot be parsed.
    const text = "not json";
    expect(reason(() => verifyWebhookSignature(text, { "x-service-signature": sig(NOW, 1, hex(OLD, NOW, text)) }, OLD, { now: NOW }))).toBe("ok");
    expect(reason(() => verifyWebhook(text, { "x-service-signature": sig(NOW, 1, hex(OLD, NOW, text)) }, OLD, { now: NOW }))).toBe("malformed");
  });

  it("verifies what the service's own signer makes (signatureHeader), dual signatures included", () => {
    const t = Math.floor(Date.now() / 1000);
    const h = signatureHeader({ t, version: 2, body: BODY, secrets: [NEW, OLD] });
    expect(verifyWebhook(BODY, { "x-service-signature": h }, { 2: NEW }).idempotency_key).toBe("camp:zoë");
    expect(verifyWebhook(BODY, { "x-service-signature": h }, OLD).idempotency_key).toBe("camp:zoë");
  });

  const vectorsFile = fileURLToPath(new URL("../../docs/webhooks/vectors.json", import.meta.url));
  it.skipIf(!existsSync(vectorsFile))("agrees with every published test vector (docs/webhooks/vectors.json)", () => {
    const vectors = JSON.parse(readFileSync(vectorsFile, "utf8")) as { tolerance_seconds: number; cases: Array<{ name: string; secrets: string[]; body: string; header: string | null; now: number; valid: boolean }> };
    expect(vectors.cases.length).toBeGreaterThan(10);
    for (const c of vectors.cases) {
      const headers = c.header === null || c.header === undefined ? {} : { "x-service-signature": c.header };
      const got = reason(() => verifyWebhookSignature(c.body, headers, c.secrets, { now: c.now, toleranceSeconds: vectors.tolerance_seconds }));
      expect({ name: c.name, valid: got === "ok" }).toEqual({ name: c.name, valid: c.valid });
    }
  });
});

describe("verifyWebhook: Standard Webhooks", () => {
  const id = "msg_2f1a";
  const standard = (wh: Webhook, body: string, at: Date, msgId = id) => ({ "webhook-id": msgId, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": wh.sign(msgId, at, body) });

  it("the key for the official libraries is whsec_ + base64 of the secret's UTF-8 bytes", () => {
    expect(standardWebhooksKey(OLD)).toBe(`whsec_${Buffer.from(OLD, "utf8").toString("base64")}`);
    expect(() => standardWebhooksKey("")).toThrow(TypeError);
  });

  it("what the standardwebhooks library signs with standardWebhooksKey(secret), verifyWebhook verifies with the ordinary secret", () => {
    const at = new Date();
    const headers = standard(new Webhook(standardWebhooksKey(OLD)), BODY, at);
    expect(verifyWebhook(BODY, headers, OLD)).toEqual(JSON.parse(BODY));
    expect(verifyWebhookSignature(BODY, new Headers(headers), [OTHER, OLD])).toEqual({ scheme: "standard", timestamp: Math.floor(at.getTime() / 1000), version: null, delivery_id: id });
    expect(reason(() => verifyWebhook(BODY, headers, OTHER))).toBe("mismatch");
    expect(reason(() => verifyWebhook(BODY.replace("zoë", "zoe"), headers, OLD))).toBe("mismatch");
    expect(reason(() => verifyWebhook(BODY, { ...headers, "webhook-id": "msg_other" }, OLD))).toBe("mismatch");
  });

  it("and what the service signs the Standard Webhooks way, both the library (with standardWebhooksKey) and verifyWebhook verify", () => {
    const t = Math.floor(Date.now() / 1000);
    const headers = standardWebhookHeaders({ id, t, body: BODY, secrets: [NEW, OLD] });
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const secret of [NEW, OLD]) {
      expect(new Webhook(standardWebhooksKey(secret)).verify(BODY, headers)).toEqual(JSON.parse(BODY));
      expect(verifyWebhook(BODY, headers, secret)).toEqual(JSON.parse(BODY));
    }
    expect(() => new Webhook(standardWebhooksKey(OTHER)).verify(BODY, headers)).toThrow();
    expect(reason(() => verifyWebhook(BODY, headers, OTHER))).toBe("mismatch");
  });

  it("rotation: several space-separated v1, any match is enough; other versions are ignored", () => {
    const at = new Date();
    const a = standard(new Webhook(standardWebhooksKey(NEW)), BODY, at);
    const b = standard(new Webhook(standardWebhooksKey(OLD)), BODY, at);
    const both = { ...a, "webhook-signature": `v1a,AAAA ${a["webhook-signature"]} ${b["webhook-signature"]}` };
    expect(reason(() => verifyWebhook(BODY, both, OLD))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, both, { 7: NEW }))).toBe("ok");
  });

  it("stale, future, malformed, no secret", () => {
    const wh = new Webhook(standardWebhooksKey(OLD));
    const now = Date.now();
    expect(reason(() => verifyWebhook(BODY, standard(wh, BODY, new Date(now - 301_000)), OLD, { now: new Date(now) }))).toBe("stale");
    expect(reason(() => verifyWebhook(BODY, standard(wh, BODY, new Date(now + 301_000)), OLD, { now: new Date(now) }))).toBe("future");
    expect(reason(() => verifyWebhook(BODY, standard(wh, BODY, new Date(now - 299_000)), OLD, { now: new Date(now) }))).toBe("ok");
    const ok = standard(wh, BODY, new Date(now));
    expect(reason(() => verifyWebhook(BODY, { "webhook-id": ok["webhook-id"], "webhook-signature": ok["webhook-signature"] }, OLD))).toBe("malformed");
    expect(reason(() => verifyWebhook(BODY, { ...ok, "webhook-timestamp": "yesterday" }, OLD))).toBe("malformed");
    expect(reason(() => verifyWebhook(BODY, { ...ok, "webhook-signature": "nonsense" }, OLD))).toBe("malformed");
    expect(reason(() => verifyWebhook(BODY, ok, []))).toBe("no_secret");
  });

  it("X-Service-Signature wins when both are present; `scheme` picks one", () => {
    const t = Math.floor(Date.now() / 1000);
    const both = { "x-service-signature": sig(t, 1, hex(OLD, t, BODY)), ...standardWebhookHeaders({ id, t, body: BODY, secrets: [OTHER] }) };
    expect(verifyWebhookSignature(BODY, both, OLD).scheme).toBe("playloop");
    expect(reason(() => verifyWebhook(BODY, both, OLD, { scheme: "standard" }))).toBe("mismatch");
    expect(reason(() => verifyWebhook(BODY, both, OTHER, { scheme: "standard" }))).toBe("ok");
    expect(reason(() => verifyWebhook(BODY, standardWebhookHeaders({ id, t, body: BODY, secrets: [OLD] }), OLD, { scheme: "playloop" }))).toBe("malformed");
  });
});

describe("receiver adapters", () => {
  const t = () => Math.floor(Date.now() / 1000);
  const signed = (body: string, secret = OLD) => {
    const at = t();
    return { "content-type": "application/json", "x-service-signature": sig(at, 1, hex(secret, at, body)), "x-service-delivery-id": "d-1" };
  };

  function fakeRes() {
    const res = { statusCode: 200, headers: {} as Record<string, string>, body: "", ended: false, headersSent: false };
    return Object.assign(res, {
      setHeader(name: string, value: string) {
        res.headers[name.toLowerCase()] = value;
      },
      end(body?: string) {
        res.body = body ?? "";
        res.ended = true;
        res.headersSent = true;
      },
    });
  }

  it("Express: verifies the raw body (express.raw), hands the event and its idempotency_key to onEvent, echoes grant_id; 401 otherwise", async () => {
    const onEvent = vi.fn(async () => ({ grant_id: "g-7" }));
    const handler = playloopWebhook({ secrets: [NEW, OLD], onEvent });
    const res = fakeRes();
    await handler({ headers: signed(BODY), body: Buffer.from(BODY) }, res, (e) => {
      throw e;
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: "ok", grant_id: "g-7" });
    expect(onEvent).toHaveBeenCalledWith(JSON.parse(BODY), expect.objectContaining({ idempotency_key: "camp:zoë", scheme: "playloop", delivery_id: "d-1", test: false }));

    const refused = fakeRes();
    await handler({ headers: signed(BODY, OTHER), body: Buffer.from(BODY) }, refused);
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({ error: "invalid_signature", reason: "mismatch" });
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it("Express: reads the stream when no body parser ran; a parsed JSON body is a setup error for next(); an onEvent error goes to next()", async () => {
    const events: string[] = [];
    const handler = playloopWebhook({ secrets: OLD, onEvent: (e, d) => void events.push(`${e.event}:${d.idempotency_key}:${d.test}`) });
    // An unsigned X-Service-Test header added to a real reward does not make it a test (only the signed body says so)
    const streamed = Object.assign(Readable.from([Buffer.from(BODY.slice(0, 10)), Buffer.from(BODY.slice(10))]), { headers: { ...signed(BODY), "x-service-test": "true" } });
    const res = fakeRes();
    await handler(streamed, res);
    expect(res.statusCode).toBe(200);
    expect(events).toEqual(["reward.eligible:camp:zoë:false"]);

    const next = vi.fn();
    await handler({ headers: signed(BODY), body: JSON.parse(BODY), readableEnded: true }, fakeRes(), next);
    expect(next.mock.calls[0]![0]).toBeInstanceOf(TypeError);
    expect(String(next.mock.calls[0]![0].message)).toContain("express.raw");

    const boom = new Error("database down");
    const failing = playloopWebhook({ secrets: OLD, onEvent: () => Promise.reject(boom) });
    const next2 = vi.fn();
    await failing({ headers: signed(BODY), body: Buffer.from(BODY) }, fakeRes(), next2);
    expect(next2).toHaveBeenCalledWith(boom);
    // Without next (plain node:http) the answer is a 500, so Playloop retries.
    const res3 = fakeRes();
    await failing({ headers: signed(BODY), body: Buffer.from(BODY) }, res3);
    expect(res3.statusCode).toBe(500);
  });

  it("Next.js: a route handler over await req.arrayBuffer(): 200 with grant_id, 401 with the reason, 500 when onEvent throws", async () => {
    const seen: string[] = [];
    const POST = nextWebhookHandler({ secrets: { 1: OLD }, onEvent: (_e, d) => (seen.push(d.idempotency_key), 42) });
    const ok = await POST(new Request("http://shop.test/api/webhooks", { method: "POST", headers: signed(BODY), body: BODY }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok", grant_id: "42" });
    expect(seen).toEqual(["camp:zoë"]);

    const stale = { ...signed(BODY), "x-service-signature": sig(t() - 900, 1, hex(OLD, t() - 900, BODY)) };
    const refused = await POST(new Request("http://shop.test/api/webhooks", { method: "POST", headers: stale, body: BODY }));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "invalid_signature", reason: "stale" });

    const errors: unknown[] = [];
    const failing = nextWebhookHandler({ secrets: OLD, onEvent: () => Promise.reject(new Error("nope")), onError: (e) => errors.push(e) });
    expect((await failing(new Request("http://shop.test/api/webhooks", { method: "POST", headers: signed(BODY), body: BODY }))).status).toBe(500);
    expect(errors).toHaveLength(1);
    expect((await POST(new Request("http://shop.test/api/webhooks"))).status).toBe(405);
  });
});
