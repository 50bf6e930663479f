import { RateLimiterRes } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { decideWindows } from "./rate-limiter";

const ok = { status: "fulfilled", value: undefined } as const;
const refused = (msBeforeNext: number) => ({ status: "rejected", reason: new RateLimiterRes(0, msBeforeNext) }) as const;
const down = { status: "rejected", reason: new Error("store down") } as const;

describe("a check's answer from its windows", () => {
  it("allows when every window allowed; refuses with the longest wait when any refused", () => {
    expect(decideWindows([ok, ok], true)).toEqual({ allowed: true });
    expect(decideWindows([ok, refused(2_500), refused(61_000)], true)).toEqual({ allowed: false, retryAfterSec: 61 });
  });

  it("a refusal whose window ends this very millisecond is still a refusal, with a wait of a second", () => {
    expect(decideWindows([refused(0)], true)).toEqual({ allowed: false, retryAfterSec: 1 });
    expect(decideWindows([ok, refused(-5)], false)).toEqual({ allowed: false, retryAfterSec: 1 });
  });

  it("a store failure refuses a fail-closed policy with 503 and lets an open one through", () => {
    expect(() => decideWindows([ok, down], true)).toThrow(expect.objectContaining({ appCode: "service_unavailable" }));
    expect(decideWindows([down], false)).toEqual({ allowed: true });
  });
});
