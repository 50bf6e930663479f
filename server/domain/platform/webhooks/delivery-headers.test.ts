import http from "node:http";
import { describe, expect, it } from "vitest";
import { deliveryHeaders } from "./delivery-headers";

const base = { deliveryId: "d1", kind: "reward.eligible", body: "{}", t: 1_700_000_000, version: 1, secrets: ["whsec_test"], standard: false };

/** Whether Node would send these headers (it refuses a value outside tab, 0x20-0x7e and 0x80-0xff before any byte goes out). */
function sendable(headers: Record<string, string>): boolean {
  try {
    for (const [k, v] of Object.entries(headers)) http.validateHeaderValue(k, v);
    return true;
  } catch {
    return false;
  }
}

describe("deliveryHeaders", () => {
  it("carries a printable key in X-Legacy-Idempotency-Key", () => {
    const h = deliveryHeaders({ ...base, idempotencyKey: "c0ffee:player-1" });
    expect(h["X-Legacy-Idempotency-Key"]).toBe("c0ffee:player-1");
    expect(sendable(h)).toBe(true);
  });

  it("leaves the legacy key header out for a key no header can carry as it is, so the delivery can still be sent", () => {
    for (const key of ["c0ffee:用户42", "c0ffee:zoë", "c0ffee:a\nb"]) {
      const h = deliveryHeaders({ ...base, idempotencyKey: key });
      expect(h).not.toHaveProperty("X-Legacy-Idempotency-Key");
      expect(sendable(h)).toBe(true);
      expect(h["X-Service-Signature"]).toMatch(/^t=/);
    }
  });
});
