import { describe, expect, it } from "vitest";
import { loggedPath } from "./access-log";

describe("loggedPath", () => {
  it("names the test inbox's token instead of writing it", () => {
    expect(loggedPath(`/v1/webhooks/inbox/${"ab12".repeat(16)}`)).toBe("/v1/webhooks/inbox/{token}");
    expect(loggedPath(`/v1/webhooks/inbox/${"ab12".repeat(16)}/extra`)).toBe("/v1/webhooks/inbox/{token}/extra");
  });

  it("keeps every other path as it is, the admin's inbox routes included", () => {
    for (const p of ["/v1/health", "/v1/admin/projects/8a9e7c1e-1111-4222-8333-444455556666/webhooks/inbox", "/v1/admin/projects/x/webhooks/inbox/rotate", "/v1/webhooks/inbox", "/play/abc"]) {
      expect(loggedPath(p)).toBe(p);
    }
  });
});
