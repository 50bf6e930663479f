import { config } from "@/server/config/env";
import { completeSso } from "@/server/auth/sso/complete";
import { AUTH_BASE, COMPLETE_PATH, serveNextAuth } from "@/server/auth/sso/next-auth";
import { sendJson } from "../errors";
import { GET } from "./openapi-parts";
import { definePlainRoute, type TAnyPlainRoute } from "./route";

/**
 * Console sign-in through the company's OpenID Connect provider (docs/operations/single-sign-on.md):
 * next-auth's routes (csrf, providers, signin, callback, signout) and the hand-off where every
 * provider sign-in ends. 404 when ADMIN_SSO_* is not set, except the providers list: `{}`. Not part of the API reference: the
 * console's browser flow, as the sign-in pages are.
 */
export const SSO_ROUTES: readonly TAnyPlainRoute[] = [
  definePlainRoute({
    methods: GET,
    path: COMPLETE_PATH,
    auth: "none",
    async handler(req, res, { ctx }) {
      await completeSso(req, res, ctx);
    },
  }),
  definePlainRoute({
    methods: ["GET", "POST"],
    path: `${AUTH_BASE}/`,
    match: "subtree",
    auth: "none",
    rawBody: { maxBytes: 8_192 },
    async handler(req, res, { url, body, ctx }) {
      // "Which providers are there?" has an answer without one: none (the sign-in page asks it).
      if (!config().adminSso && req.method === "GET" && url.pathname === `${AUTH_BASE}/providers`) return sendJson(res, 200, {}, ctx.responseHeaders);
      await serveNextAuth(req, res, url, body);
    },
  }),
];
