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

  it("names a player's id instead of writing it, in the admin API and the console's pages", () => {
    const project = "8a9e7c1e-1111-4222-8333-444455556666";
    for (const [path, logged] of [
      [`/v1/admin/projects/${project}/players/alice%40example.com/data`, `/v1/admin/projects/${project}/players/{external_user_id}/data`],
      [`/v1/admin/projects/${project}/players/shopper-42/runs`, `/v1/admin/projects/${project}/players/{external_user_id}/runs`],
      [`/v1/admin/projects/${project}/economy/players/shopper-42`, `/v1/admin/projects/${project}/economy/players/{external_user_id}`],
      [`/projects/${project}/players/alice%40example.com`, `/projects/${project}/players/{external_user_id}`],
      [`/v1/admin/projects/${project}/players`, `/v1/admin/projects/${project}/players`],
    ]) {
      expect(loggedPath(path!)).toBe(logged);
    }
  });

  it("writes a route's other parameters as they are", () => {
    const log = createLoggedPath([{ path: "/v1/a/{id}/b.{key}", secretParams: ["key"] }]);
    expect(log("/v1/a/42/b.s3cret")).toBe("/v1/a/42/b.{key}");
    expect(log("/v1/a/42/bxs3cret")).toBe("/v1/a/42/bxs3cret");
  });
});
