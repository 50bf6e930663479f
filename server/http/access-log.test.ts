import { describe, expect, it } from "vitest";
import { createLoggedPath } from "./access-log";
import { PLAIN_ROUTES } from "./plain-routes/table";

const loggedPath = createLoggedPath(PLAIN_ROUTES);

describe("loggedPath", () => {
  it("names the test inbox's token instead of writing it (the route declares it secret)", () => {
    expect(loggedPath(`/v1/webhooks/inbox/${"ab12".repeat(16)}`)).toBe("/v1/webhooks/inbox/{token}");
    expect(loggedPath(`/v1/webhooks/inbox/${"ab12".repeat(16)}/extra`)).toBe("/v1/webhooks/inbox/{token}/extra");
  });

  it("keeps every other path as it is, the admin's inbox routes included", () => {
    for (const p of ["/v1/health", "/v1/admin/projects/8a9e7c1e-1111-4222-8333-444455556666/webhooks/inbox", "/v1/admin/projects/x/webhooks/inbox/rotate", "/v1/webhooks/inbox", "/play/abc"]) {
      expect(loggedPath(p)).toBe(p);
    }
  });

  it("writes a route's other parameters as they are", () => {
    const log = createLoggedPath([{ path: "/v1/a/{id}/b.{key}", secretParams: ["key"] }]);
    expect(log("/v1/a/42/b.s3cret")).toBe("/v1/a/42/b.{key}");
    expect(log("/v1/a/42/bxs3cret")).toBe("/v1/a/42/bxs3cret");
  });
});
