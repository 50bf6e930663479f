import { describe, expect, it } from "vitest";
import { grantIdOf, judgeReceiver, verdictOf, type TProbeAnswer, type TProbes } from "./receiver-check-model";

const ok = (body = '{"grant_id":"g1"}', durationMs = 40): TProbeAnswer => ({ status: 200, durationMs, body });
const refused: TProbeAnswer = { status: 401, durationMs: 5, body: "" };
const good: TProbes = { valid: ok(), redelivery: ok(), tampered: refused, stale: refused, unknown: refused, previous: null };
const byName = (p: TProbes) => Object.fromEntries(judgeReceiver(p).map((c) => [c.name, c.result]));

describe("judgeReceiver", () => {
  it("a correct receiver passes every check; the rotation check is skipped without a rotation", () => {
    expect(byName(good)).toEqual({
      accepts_valid: "pass",
      idempotent_redelivery: "pass",
      rejects_tampered_body: "pass",
      rejects_stale_timestamp: "pass",
      rejects_unknown_secret: "pass",
      accepts_previous_secret: "skipped",
      responds_quickly: "pass",
    });
    expect(verdictOf(judgeReceiver(good))).toBe("pass");
    expect(byName({ ...good, previous: ok() }).accepts_previous_secret).toBe("pass");
    expect(byName({ ...good, previous: refused }).accepts_previous_secret).toBe("fail");
  });

  it("a second grant_id for the same delivery fails; no grant_id is unknown, never pass", () => {
    expect(byName({ ...good, redelivery: ok('{"grant_id":"g2"}') }).idempotent_redelivery).toBe("fail");
    const silent = { ...good, valid: ok("ok"), redelivery: ok("ok") };
    expect(byName(silent).idempotent_redelivery).toBe("unknown");
    expect(verdictOf(judgeReceiver(silent))).toBe("unknown");
    expect(byName({ ...good, redelivery: { status: 500, durationMs: 1, body: "" } }).idempotent_redelivery).toBe("fail");
  });

  it("a receiver that accepts what it must refuse fails each such check; a 5xx refusal fails too (it asks for retries)", () => {
    const lax = byName({ ...good, tampered: ok(), stale: ok(), unknown: { status: 500, durationMs: 1, body: "" } });
    expect([lax.rejects_tampered_body, lax.rejects_stale_timestamp, lax.rejects_unknown_secret]).toEqual(["fail", "fail", "fail"]);
  });

  it("an unreachable receiver fails the first check and skips the rest", () => {
    const checks = judgeReceiver({ valid: { error: "The connection to the target failed", durationMs: 3 }, redelivery: null, tampered: null, stale: null, unknown: null, previous: null });
    expect(checks.map((c) => c.result)).toEqual(["fail", "skipped", "skipped", "skipped", "skipped", "skipped", "skipped"]);
    expect(checks[0]!.detail).toContain("connection");
    expect(verdictOf(checks)).toBe("fail");
  });

  it("a slow answer fails responds_quickly", () => {
    expect(byName({ ...good, valid: ok('{"grant_id":"g1"}', 2_500) }).responds_quickly).toBe("fail");
    expect(byName({ ...good, valid: ok('{"grant_id":"g1"}', 2_000) }).responds_quickly).toBe("pass");
  });
});

describe("grantIdOf", () => {
  it("reads a top-level grant_id of a JSON object only", () => {
    expect(grantIdOf('{"grant_id":"abc"}')).toBe("abc");
    expect(grantIdOf('{"grant_id":17}')).toBe("17");
    expect(grantIdOf('{"grant_id":""}')).toBeNull();
    expect(grantIdOf('[{"grant_id":"abc"}]')).toBeNull();
    expect(grantIdOf("grant_id=abc")).toBeNull();
  });
});
