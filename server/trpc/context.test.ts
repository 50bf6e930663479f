import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createContextFromNode, lowerName } from "./context";

describe("the request context's headers", () => {
  it("reads a header by its name in any case, and the names' lower case stays right past the memo's bound", () => {
    const req = { url: "/v1/lobby", method: "GET", headers: { authorization: "Bearer t", "idempotency-key": "k-1" }, socket: {} } as unknown as IncomingMessage;
    const ctx = createContextFromNode(req, "req-1");
    expect(ctx.header("Authorization")).toBe("Bearer t");
    expect(ctx.header("idempotency-key")).toBe("k-1");
    expect(ctx.header("IDEMPOTENCY-KEY")).toBe("k-1");
    expect(ctx.header("x-missing")).toBeUndefined();
    for (let i = 0; i < 600; i++) expect(lowerName(`X-Header-${i}`)).toBe(`x-header-${i}`);
    expect(lowerName("Authorization")).toBe("authorization");
  });
});
