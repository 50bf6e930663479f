import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/server/errors/app-error";
import { sendJson } from "@/server/http/errors";
import { definePlainRoute, type TAnyPlainRoute } from "@/server/http/plain-routes/route";

/**
 * A test-only table of raw-body routes, shaped like the ones to come (a signed webhook inbox, an
 * authenticated upload, a server-key callback). Never part of PLAIN_ROUTES.
 */
export const INBOX_SECRET = "test-inbox-secret";
export const INBOX_MAX_BYTES = 64;
export const handlerCalls = { inbox: 0 };

export function signInbox(body: Buffer | string): string {
  return createHmac("sha256", INBOX_SECRET).update(body).digest("hex");
}

export const RAW_BODY_TEST_ROUTES: readonly TAnyPlainRoute[] = [
  definePlainRoute({
    methods: ["POST"],
    path: "/v1/test/inbox/{token}",
    auth: "none",
    rawBody: { maxBytes: INBOX_MAX_BYTES },
    async handler(_req, res, { ctx, params, body }) {
      handlerCalls.inbox++;
      ctx.responseHeaders.push(["X-Inbox-Token", params.token!]);
      const given = Buffer.from(ctx.header("x-signature") ?? "", "hex");
      const expected = Buffer.from(signInbox(body!), "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError("unauthorized", "Signature does not match the body");
      sendJson(res, 200, { token: params.token, bytes: body!.length }, ctx.responseHeaders);
    },
  }),
  definePlainRoute({
    methods: ["POST"],
    path: "/v1/test/upload",
    auth: "admin",
    rawBody: { maxBytes: 1024 },
    async handler(_req, res, { ctx, body, authenticate }) {
      const { admin, via } = await authenticate();
      sendJson(res, 200, { account_id: admin.accountId, via, bytes: body!.length, content_type: ctx.header("content-type") ?? null });
    },
  }),
  definePlainRoute({
    methods: ["POST"],
    path: "/v1/test/callback",
    auth: "server_key",
    rawBody: { maxBytes: 1024 },
    async handler(_req, res, { authenticate }) {
      sendJson(res, 200, { project_id: (await authenticate()).projectId });
    },
  }),
  definePlainRoute({
    methods: ["GET"],
    path: "/v1/test/broken",
    auth: "none",
    async handler() {
      throw new Error("internal detail at /srv/app.ts");
    },
  }),
];
