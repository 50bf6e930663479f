import { handleBackgroundReset, handleBackgroundUpload } from "../background-upload";
import { serveProjectAsset } from "../pages/project-asset";
import { err, text, p, GET } from "./openapi-parts";
import { definePlainRoute, type TAnyPlainRoute } from "./route";

/** A project's background images: the owner's upload and reset (multipart, sharp), and the public, immutable asset URLs. */
export const ASSET_ROUTES: readonly TAnyPlainRoute[] = [
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
];
