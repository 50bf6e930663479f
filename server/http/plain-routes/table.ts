import { serveDemoPage } from "../pages/demo-page";
import { serveGameAsset } from "../static/game-assets";
import { serveGameEntry, servePlayShell } from "../pages/play-shell";
import { serveTemplateBundle } from "../static/template-bundle";
import { serveWidgetJs } from "../static/widget-js";
import { serveWidgetPreview } from "../pages/widget-preview";
import { serveWheelIcon } from "../static/wheel-icon";
import { WHEEL_ICONS } from "@/server/domain/wheel/draft-model";
import { INBOX_MAX_BODY_BYTES, receiveInboxMessage } from "@/server/domain/webhooks/inbox";
import { PAYMENT_WEBHOOK_MAX_BYTES, receivePaymentWebhook } from "@/server/domain/billing/pay-invoice";
import { payFakeCheckout, serveFakeCheckout } from "../pages/fake-checkout";
import { sendJson } from "../errors";
import { serveEventLogCsv } from "../exports/event-log-csv";
import { EXPORT_COLUMNS } from "@/server/domain/event-log/export-events";
import { handleBackgroundReset, handleBackgroundUpload } from "../background-upload";
import { serveProjectAsset } from "../pages/project-asset";
import { definePlainRoute, type TAnyPlainRoute } from "./route";

/**
 * Every route that is not a JSON procedure: the loader, the play shell, game entries, hashed
 * assets, legacy bundles, the admin preview and the demo page. They need exact bytes and headers
 * (precompressed files, ETags, CSP), so they are plain handlers over the same domain functions.
 * This one table is what the listener routes (before the JSON façade) and what the OpenAPI
 * document lists, in this order.
 */
const err = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
const text = (description: string, type: string) => ({ description, content: { [type]: { schema: { type: "string" } } } });
const q = (name: string, required: boolean, description: string) => ({ name, in: "query", required, schema: { type: "string" }, description });
const p = (name: string, description: string, pattern?: string) => ({ name, in: "path", required: true, schema: { type: "string", ...(pattern ? { pattern } : {}) }, description });
const GET = ["GET", "HEAD"] as const;

export const PLAIN_ROUTES: readonly TAnyPlainRoute[] = [
  definePlainRoute({
    methods: GET,
    path: "/v1/widget.js",
    auth: "none",
    handler: (req, res) => serveWidgetJs(req, res),
    openapi: {
      tags: ["Widget"],
      summary: "The loader script",
      description: "Served with `Cache-Control: no-cache, max-age=0, must-revalidate` and an `ETag`; `If-None-Match` with the current ETag answers 304. Add it with `data-project-id`; optional `data-container` (inline mount), `data-autostart=\"open\"`, `data-auth=\"site\"` (wait for `Playloop.setSessionToken`).",
      parameters: [{ name: "If-None-Match", in: "header", required: false, schema: { type: "string" } }],
      responses: { "200": text("JavaScript", "text/javascript"), "304": { description: "Not modified" } },
    },
  }),
  definePlainRoute({
    methods: GET,
    path: "/v1/play",
    auth: "none",
    handler: (req, res, { url }) => servePlayShell(req, res, url),
    openapi: {
      tags: ["Widget"],
      summary: "Play shell (iframe)",
      description: "HTML shell for the iframe. The session token is never in the URL: the shell posts `service:ready`, the embedding page answers `service:bootstrap` with the token (postMessage), and the shell posts `run_finished` when a run ends. Public `mode=preview` is 403. `embed_origin` (the loader sends the host page's origin) must be one of the project's `allowed_origins` (any site for `free_play` with an empty list; 403 otherwise); the page is then framable only by that origin (CSP `frame-ancestors`) and the shell accepts `service:bootstrap` only from it and posts its messages only to it (never `*`). Without `embed_origin`, `frame-ancestors` follows `allowed_origins` (any site for `free_play` with an empty list) and the shell takes the embedding origin from the browser (`location.ancestorOrigins`, else the referrer).",
      parameters: [q("project_id", true, "Project id"), q("mode", true, "Must be `play`"), q("embed_origin", false, "Origin of the embedding page, e.g. `https://shop.example`"), q("template_id", false, "Legacy template selector")],
      responses: { "200": text("HTML", "text/html"), "400": text("mode is not play, or embed_origin is not an origin", "text/plain"), "403": text("Public preview, or a site that is not allowed", "text/plain"), "404": text("Unknown project", "text/plain") },
    },
  }),
  definePlainRoute({
    methods: GET,
    path: "/v1/admin/widget-preview",
    auth: "admin",
    handler: serveWidgetPreview,
    openapi: {
      tags: ["Admin: projects"],
      summary: "Widget preview for the project owner",
      description: "HTML preview of the project's lobby (first level, goals, theme). Admin cookie or bearer with verified 2FA; project owner only (404 otherwise). `mode` must be `preview`; `primary_color` overrides the colour for this preview only; `template_id` previews another game. Creates no run, progress or reward. Tokens in the URL are refused (422). The CSP lets only the admin origins frame it.",
      parameters: [q("project_id", true, "Project id"), q("mode", true, "Must be `preview`"), q("template_id", false, "Game to preview"), q("primary_color", false, "#rrggbb, preview only")],
      responses: { "200": text("HTML", "text/html"), "401": err("`unauthorized`"), "403": err("`two_factor_required`"), "404": err("`not_found`"), "422": err("`validation_error`") },
    },
  }),
  definePlainRoute({
    methods: GET,
    path: "/v1/games/{game_id}/entry.js",
    auth: "none",
    handler: (req, res, { params }) => serveGameEntry(req, res, params.game_id!),
    openapi: {
      tags: ["Widget"],
      summary: "Game entry script",
      description: "Served without cache (`no-store`); points at the current shell release's immutable game chunk.",
      parameters: [p("game_id", "Mechanic id")],
      responses: { "200": text("JavaScript", "text/javascript"), "404": text("Unknown game", "text/plain") },
    },
  }),
  // Before the game-assets subtree below, which would otherwise own this path (first match wins).
  definePlainRoute({
    methods: GET,
    path: "/v1/game-assets/wheel/icons/{icon}",
    auth: "none",
    handler: (req, res, { params }) => serveWheelIcon(req, res, params.icon!),
    openapi: {
      tags: ["Prize wheel"],
      summary: "Wheel segment icon",
      description: `A built-in segment icon as SVG, \`public, max-age=3600\`: ${WHEEL_ICONS.map((i) => `\`${i}\``).join(", ")} (with or without \`.svg\`). Anything else is 404.`,
      parameters: [p("icon", "Icon name, optionally with `.svg`", "^[a-z_]{1,32}(\\.svg)?$")],
      responses: { "200": text("SVG", "image/svg+xml"), "404": text("Unknown icon", "text/plain") },
    },
  }),
  definePlainRoute({
    methods: GET,
    path: "/v1/game-assets/{game_id}/{version}/{file}",
    // The handler splits and validates the rest itself (file may span segments) and answers 404 for anything else under the prefix.
    match: "subtree",
    auth: "none",
    handler: (req, res, { params }) => serveGameAsset(req, res, params["*"]!),
    openapi: {
      tags: ["Widget"],
      summary: "Game assets",
      description: "`public, max-age=31536000, immutable`. `version` is `1` (the old build, gzip-compressed on the fly) or a shell release `r` + 12 hex when `game_id` is `shell` (served precompressed: br or gzip by `Accept-Encoding`, with `Vary: Accept-Encoding`). A direct request for a `.br`/`.gz` file, a path escaping the build, or a dotfile is 404.",
      parameters: [p("game_id", "`shell` or a game id"), p("version", "`1` or `r` + 12 hex", "^[A-Za-z0-9_-]{1,64}$"), p("file", "Path inside the build")],
      responses: { "200": { description: "The file" }, "404": text("Not found", "text/plain") },
    },
  }),
  definePlainRoute({
    methods: GET,
    path: "/v1/templates/{template_id}/bundle.js",
    auth: "none",
    handler: (req, res, { params }) => serveTemplateBundle(req, res, params.template_id!),
    openapi: {
      tags: ["Widget"],
      summary: "Legacy template bundle",
      description: "JavaScript runtime of a legacy template (`streak_v1`), revalidated by ETag.",
      parameters: [p("template_id", "Template id")],
      responses: { "200": text("JavaScript", "text/javascript"), "304": { description: "Not modified" }, "404": text("Unknown template", "text/plain") },
    },
  }),
  definePlainRoute({
    methods: ["PUT"],
    path: "/v1/admin/projects/{project_id}/game-assets/{slot}/background",
    auth: "admin",
    handler: (req, res, { ctx, params }) => handleBackgroundUpload(req, res, ctx, params),
    openapi: {
      tags: ["Admin: projects"],
      summary: "Upload a background",
      description:
        "Sets the background of a slot from an uploaded photo. **Admin cookie only** (the console's session; a bearer token is refused with 403, and as for every cookie write the `Origin` must be an admin origin). Body `multipart/form-data` with one field `file`: PNG, JPEG or WebP, at most 5 MiB (413 beyond). The format comes from decoding the bytes, never from the file name or part Content-Type. The header is checked before any pixel is decoded: portrait, 420×760 to 2160×3840 px after EXIF orientation, width/height 0.50–0.65; animated images and CMYK JPEGs are refused; decoding runs under a 64 MiB pixel budget. Each refusal is 422 `validation_error` with a `reason` (`unsupported_format`, `undecodable`, `animated`, `cmyk`, `landscape`, `too_small`, `dimensions_too_large`, `aspect_ratio`, `too_detailed`, `unknown_slot`, `missing_file`, `bad_multipart`) and a message a person can act on; nothing is stored. The original bytes are kept, and the runtime copy is an opaque WebP 840×1520 (EXIF rotation applied, centred cover crop: keep the subject in the middle), quality 78, 70 or 62, at most 220 KiB, served by `GET /v1/project-game-assets/{project_id}/{asset_id}` (`url`). `slot` is `lobby` or a run-type game id from the registry (`match3_v1`, `memory_v1`, `parcel_pilot_v1`); wheel and legacy template slots are refused. The slot and `play_config_revision` (+1) change in one statement, with an audit entry. At most two images are normalised at a time per server process; with two running, another upload is 429 `rate_limited` with `Retry-After: 1`. A foreign project is 404.",
      parameters: [p("project_id", "Project id"), p("slot", "`lobby` or a run-type game id")],
      security: [{ AdminCookie: [] }],
      responses: {
        "200": {
          description: "Stored: `slot`, `background` {`asset_id`, `format` (`webp`), `width` 840, `height` 1520, `bytes`, `sha256`, `original` {same fields for the uploaded file}}, `config_revision`, `url`",
          content: { "application/json": { schema: { type: "object", properties: { slot: { type: "string" }, background: { type: "object" }, config_revision: { type: "integer" }, url: { type: "string" } } } } },
        },
        "401": err("`unauthorized`"),
        "403": err("`forbidden` (bearer token), `origin_not_allowed`, `two_factor_required`"),
        "404": err("`not_found`: unknown or foreign project"),
        "413": err("`validation_error`: file over 5 MiB"),
        "415": err("`validation_error`: not multipart/form-data"),
        "422": err("`validation_error` with `reason` (see above)"),
        "429": err("`rate_limited`: two normalisations already running; `Retry-After: 1`"),
      },
    },
  }),
  definePlainRoute({
    methods: ["DELETE"],
    path: "/v1/admin/projects/{project_id}/game-assets/{slot}/background",
    auth: "admin",
    handler: (req, res, { ctx, params }) => handleBackgroundReset(req, res, ctx, params),
    openapi: {
      tags: ["Admin: projects"],
      summary: "Reset a background",
      description:
        "Removes the slot's background metadata so the game shows its default look; the stored files stay (pages already cached keep working). Admin cookie only, like the upload. When the slot had a background, the slot and `play_config_revision` (+1) change in one statement with an audit entry; resetting a slot without one changes nothing and answers the current revision. Answers `slot`, `background` `{}`, `config_revision`. A foreign project is 404.",
      parameters: [p("project_id", "Project id"), p("slot", "`lobby` or a run-type game id")],
      security: [{ AdminCookie: [] }],
      responses: {
        "200": { description: "Reset", content: { "application/json": { schema: { type: "object", properties: { slot: { type: "string" }, background: { type: "object" }, config_revision: { type: "integer" } } } } } },
        "401": err("`unauthorized`"),
        "403": err("`forbidden` (bearer token), `origin_not_allowed`"),
        "404": err("`not_found`"),
        "422": err("`validation_error`: not a background slot"),
      },
    },
  }),
  definePlainRoute({
    methods: GET,
    path: "/v1/project-game-assets/{project_id}/{asset_id}",
    auth: "none",
    handler: (req, res, { params }) => serveProjectAsset(req, res, params.project_id!, params.asset_id!),
    openapi: {
      tags: ["Widget"],
      summary: "Project background image",
      description:
        "The runtime copy of an uploaded background (WebP 840×1520). The id is derived from the content, so it is served `Cache-Control: public, max-age=31536000, immutable` with `ETag` = the SHA-256 of the bytes (`If-None-Match` answers 304). Unknown ids, and the stored originals, are 404.",
      parameters: [p("project_id", "Project id"), p("asset_id", "32 hex characters", "^[0-9a-f]{32}$")],
      responses: { "200": { description: "The image", content: { "image/webp": { schema: { type: "string", format: "binary" } } } }, "304": { description: "Not modified" }, "404": text("Not found", "text/plain") },
    },
  }),
  // A sample host site, not part of the API: routed here, absent from the reference.
  definePlainRoute({ methods: GET, path: "/demo", trailingSlash: true, auth: "none", handler: (req, res, { url }) => serveDemoPage(req, res, url) }),
  definePlainRoute({
    methods: ["POST"],
    path: "/v1/webhooks/inbox/{token}",
    auth: "none",
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
  definePlainRoute({
    methods: GET,
    path: "/v1/admin/projects/{project_id}/events/export",
    auth: "admin",
    handler: serveEventLogCsv,
    openapi: {
      tags: ["Admin: event log"],
      summary: "Export the event log as CSV",
      description: `Admin cookie or bearer with verified 2FA; project owner only (404 otherwise). The same filters as the event log (\`event_type\`, \`external_user_id\`, \`since\` inclusive, \`until\` exclusive), every matching row, newest first by (\`created_at\`, \`id\`), with no row cap. Streamed: rows are read in keyset batches of 1000 as the client consumes them, so memory stays constant and a slow client slows the reads, not the server. \`Content-Disposition: attachment\` with \`events-<project name>-<project id prefix>-<YYYY-MM-DD>.csv\`. Columns: ${EXPORT_COLUMNS.map((c) => `\`${c}\``).join(", ")} (\`payload\` is the event's JSON; empty cells for a missing session or run). RFC 4180 quoting (CRLF records; a field with a comma, quote or line break is quoted, quotes doubled). Formula injection is neutralised per OWASP: a cell beginning with \`=\`, \`+\`, \`-\`, \`@\`, tab or carriage return (or a full-width \`＝ ＋ － ＠\`) is prefixed with a single quote \`'\`, so spreadsheets show it as text.`,
      parameters: [p("project_id", "Project id (UUID)"), q("event_type", false, "Only this event type"), q("external_user_id", false, "Only this player"), q("since", false, "RFC 3339 date-time, inclusive"), q("until", false, "RFC 3339 date-time, exclusive; after `since`")],
      responses: { "200": text("CSV, streamed", "text/csv"), "401": err("`unauthorized`"), "403": err("`two_factor_required`"), "404": err("`not_found`"), "422": err("`validation_error` (bad date-time, `since` not before `until`)") },
    },
  }),
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
