import { serveGameAsset } from "../static/game-assets";
import { serveGameEntry, servePlayMessages, servePlayShell } from "../pages/play-shell";
import { serveTemplateBundle } from "../static/template-bundle";
import { serveWidgetJs } from "../static/widget-js";
import { serveWidgetPreview } from "../pages/widget-preview";
import { serveWheelIcon } from "../static/wheel-icon";
import { WHEEL_ICONS } from "@/server/domain/money";
import { err, text, q, p, GET } from "./openapi-parts";
import { serveReplayPage } from "../pages/replay-page";
import { definePlainRoute, type TAnyPlainRoute } from "./route";

/** The loader, the play shell and what it loads (game entries, hashed assets, wheel icons, legacy bundles), and the owner's widget preview. */
export const WIDGET_ROUTES: readonly TAnyPlainRoute[] = [
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
      description: "HTML shell for the iframe, in one language: the first of `lang`, `host_lang` and the browser's `Accept-Language` that the project offers (`offered_languages`; a regional tag matches its base language, `de-AT` → `de`), else the project's `default_language`; the page carries `<html lang dir>` (`rtl` for Arabic) and that language's catalogue. The session token is never in the URL: the shell posts `service:ready`, the embedding page answers `service:bootstrap` with the token (postMessage), and the shell posts `run_finished` when a run ends. Public `mode=preview` is 403. `embed_origin` (the loader sends the host page's origin) must be one of the project's `allowed_origins` (any site for `free_play` with an empty list; 403 otherwise); the page is then framable only by that origin (CSP `frame-ancestors`) and the shell accepts `service:bootstrap` only from it and posts its messages only to it (never `*`). Without `embed_origin`, `frame-ancestors` follows `allowed_origins` (any site for `free_play` with an empty list) and the shell takes the embedding origin from the browser (`location.ancestorOrigins`, else the referrer).",
      parameters: [
        q("project_id", true, "Project id"), q("mode", true, "Must be `play`"), q("embed_origin", false, "Origin of the embedding page, e.g. `https://shop.example`"), q("template_id", false, "Legacy template selector"),
        q("lang", false, "The language the integrator asked for (`data-lang` on the loader's script tag, or `Playloop.setLanguage()`), a BCP 47 tag such as `de` or `pt-BR`"),
        q("host_lang", false, "The host page's `<html lang>`, which the loader passes"),
      ],
      responses: { "200": text("HTML", "text/html"), "400": text("mode is not play, or embed_origin is not an origin", "text/plain"), "403": text("Public preview, or a site that is not allowed", "text/plain"), "404": text("Unknown project", "text/plain") },
    },
  }),
  definePlainRoute({
    methods: GET,
    path: "/v1/play/messages",
    auth: "none",
    handler: (req, res, { url }) => servePlayMessages(req, res, url),
    openapi: {
      tags: ["Widget"],
      summary: "Play shell catalogue",
      description: "The play shell's words in one language, negotiated as `GET /v1/play` does (`lang`, `host_lang`, `Accept-Language`, then the project's `default_language`), for a shell switching language at run time (`Playloop.setLanguage()` on the host page). JSON `{ lang, dir, messages }`: `messages` maps each key to its compiled ICU message. `Cache-Control: private, max-age=300`, `Vary: Accept-Language`.",
      parameters: [q("project_id", true, "Project id"), q("lang", false, "The language asked for, a BCP 47 tag"), q("host_lang", false, "The host page's `<html lang>`")],
      responses: { "200": { description: "`{ lang, dir, messages }`", content: { "application/json": { schema: { type: "object" } } } }, "404": text("Unknown project", "text/plain") },
    },
  }),
  definePlainRoute({
    methods: GET,
    path: "/v1/play/replay",
    auth: "none",
    // The console's "Watch the run" board (no data in it): outside the API reference, like the demo page.
    handler: (req, res) => serveReplayPage(req, res),
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
];
