import { INBOX_MAX_BODY_BYTES, receiveInboxMessage } from "@/server/domain/platform";
import { sendJson } from "../errors";
import { err, p } from "./openapi-parts";
import { definePlainRoute, type TAnyPlainRoute } from "./route";

/** The project's own test inbox: a webhook receiver that verifies signatures on arrival (raw body). */
export const WEBHOOK_ROUTES: readonly TAnyPlainRoute[] = [
  definePlainRoute({
    methods: ["POST"],
    path: "/v1/webhooks/inbox/{token}",
    auth: "none",
    secretParams: ["token"],
    rawBody: { maxBytes: INBOX_MAX_BODY_BYTES },
    async handler(_req, res, { ctx, params, body }) {
      const result = await receiveInboxMessage({ token: params.token ?? "", rawBody: body!, header: (name) => ctx.header(name) });
      sendJson(res, 200, result, ctx.responseHeaders);
    },
    openapi: {
      tags: ["Admin: webhooks"],
      summary: "Test inbox (receive a signed webhook)",
      description:
        "The platform's own receiver, for trying reward webhooks out: set its URL (from the admin inbox) as a `webhook_url`. The token in the path is the credential. `X-Service-Signature` or `X-Legacy-Signature` is verified over the raw body before anything parses it: constant-time, |now − t| ≤ 300 s, the project's current secret version or, for 24 hours after a rotation, the previous one. What arrives is kept (the last 50, with the verdict) either way. Body at most 256 KiB. A verified delivery is answered with \`grant_id\`, as a careful receiver does (the receiver check's convention): the id of the first verified message with the same \`X-Legacy-Idempotency-Key\` among those kept, with \`duplicate\` true for a repeat.",
      parameters: [p("token", "The project's inbox token (64 hex)")],
      responses: {
        "200": { description: "Verified and stored", content: { "application/json": { schema: { type: "object", properties: { received: { type: "boolean" }, secret_version: { type: "integer" }, grant_id: { type: "string", format: "uuid" }, duplicate: { type: "boolean" } } } } } },
        "401": err("`invalid_signature` with `reason`: `malformed`, `stale`, `future`, `unknown_version`, `mismatch`"),
        "404": err("`not_found`: unknown or rotated token"),
        "413": err("`validation_error`: body over 256 KiB"),
      },
    },
  }),
];
