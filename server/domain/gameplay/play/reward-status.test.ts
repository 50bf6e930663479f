import { describe, expect, it } from "vitest";
import { combineRewardStatuses } from "./reward-status";

describe("reward status priority", () => {
  it("reports the highest by pending > checking > delayed > confirmed > unavailable, else none", () => {
    expect(combineRewardStatuses([])).toBe("none");
    expect(combineRewardStatuses(["confirmed", "pending"])).toBe("pending");
    expect(combineRewardStatuses(["unavailable", "delayed", "confirmed"])).toBe("delayed");
    expect(combineRewardStatuses(["unavailable", "checking"])).toBe("checking");
    expect(combineRewardStatuses(["unavailable"])).toBe("unavailable");
  });
});
