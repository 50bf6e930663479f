import { PAYMENT_WEBHOOK_MAX_BYTES, receivePaymentWebhook } from "@/server/domain/money";
import { payFakeCheckout, serveFakeCheckout } from "../pages/fake-checkout";
import { sendJson } from "../errors";
import { err, GET } from "./openapi-parts";
import { definePlainRoute, type TAnyPlainRoute } from "./route";

/** The payment provider's webhook (raw body, signed) and the development fake checkout. */
export const BILLING_ROUTES: readonly TAnyPlainRoute[] = [
  definePlainRoute({
    methods: ["POST"],
    path: "/v1/webhooks/payment",
    auth: "none",
    rawBody: { maxBytes: PAYMENT_WEBHOOK_MAX_BYTES },
    async handler(_req, res, { ctx, body }) {
      sendJson(res, 200, await receivePaymentWebhook({ rawBody: body!, header: ctx.header("payment-provider-signature") }), ctx.responseHeaders);
    },
    openapi: {
      tags: ["Admin: billing"],
      summary: "Payment-provider webhook",
      description:
        "Where the payment provider posts its events (configure this URL at the provider). `payment-provider-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, \"<t>.<raw body>\")>` (the Stripe-Signature format) is verified over the raw body before anything parses it: constant-time, |now − t| ≤ 300 s. Each event `id` is acted on once (a replay answers `duplicate: true` and changes nothing). `checkout.session.completed` with `payment_status: paid` for a checkout this service created marks its invoice `paid`; other types are acknowledged and ignored. 404 when no provider is configured. Body at most 64 KiB.",
      parameters: [{ name: "payment-provider-signature", in: "header", required: true, schema: { type: "string" }, description: "`t=…,v1=…`" }],
      responses: {
        "200": { description: "Received", content: { "application/json": { schema: { type: "object", properties: { received: { type: "boolean" }, duplicate: { type: "boolean" } } } } } },
        "401": err("`invalid_signature` with `reason`: `malformed`, `stale`, `future`, `mismatch`"),
        "404": err("`not_found`: no payment provider configured"),
        "413": err("`validation_error`: body over 64 KiB"),
        "422": err("`validation_error`: not JSON, or no event `id`/`type`"),
      },
    },
  }),
  // The fake payment provider's hosted checkout (PAYMENT_PROVIDER=fake): a stand-in, not part of the API reference.
  definePlainRoute({ methods: GET, path: "/v1/billing/fake-checkout/{session_id}", auth: "none", handler: (req, res, { params }) => serveFakeCheckout(req, res, params.session_id!) }),
  definePlainRoute({ methods: ["POST"], path: "/v1/billing/fake-checkout/{session_id}", auth: "none", handler: (req, res, { params }) => payFakeCheckout(req, res, params.session_id!) }),
];
