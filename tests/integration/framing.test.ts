import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createProject, verifiedAdmin, type TCall } from "../helpers/api";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * Clickjacking: the console's pages (served by Next.js, stood in for here) and the API docs refuse
 * every frame; the play shell, which sites embed, keeps its own frame-ancestors.
 */
let server: TTestServer;
let call: TCall;
beforeAll(async () => {
  server = await startTestServer({
    next: async (_req, res) => {
      res.statusCode = 200;
      res.setHeader("content-type", "text/html");
      res.end("<!doctype html><title>console</title>");
    },
  });
  call = client(server.url);
});
afterAll(() => server.close());

describe("framing", () => {
  it("the console's pages and the docs are never framed", async () => {
    for (const path of ["/login", "/2fa", "/projects", "/account", "/", "/docs"]) {
      const res = await fetch(`${server.url}${path}`);
      expect({ path, xfo: res.headers.get("x-frame-options"), csp: res.headers.get("content-security-policy") }).toEqual({ path, xfo: "DENY", csp: "frame-ancestors 'none'" });
    }
  });

  it("the play shell keeps the frame-ancestors of its project", async () => {
    const admin = await verifiedAdmin(call);
    const projectId = await createProject(call, admin);
    const res = await fetch(`${server.url}/v1/play?project_id=${projectId}&mode=play`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors (?!'none')/);
  });
});
