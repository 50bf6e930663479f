import { describe, expect, it } from "vitest";
import { scheduleOptions } from "./define";
import { billingDunningJob, issueInvoicesJob } from "./definitions";

describe("scheduleOptions", () => {
  it("gives a scheduled job its own retries and expiry, in UTC, and a missed occurrence sent once", () => {
    expect(scheduleOptions(issueInvoicesJob)).toEqual({ retryLimit: 5, retryDelay: 300, expireInSeconds: 3600, tz: "UTC", missed: "once" });
    expect(scheduleOptions(billingDunningJob)).toEqual({ tz: "UTC", missed: "once" });
  });
});
