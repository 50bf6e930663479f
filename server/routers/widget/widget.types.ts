import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { isLanguageTag } from "@/i18n/languages";

export const configMeta: TMeta = {
  cors: "any_origin",
  auth: "none",
  errors: ["not_found", "unauthorized", "session_erased", "forbidden"],
  openapi: {
    method: "GET",
    path: "/v1/widget/config",
    tags: ["Widget"],
    summary: "Public widget configuration",
    description:
      "What the loader and play shell need: theme (accent derived for contrast), selected game, entry and game mode, `config_revision`, and the loader's words in the player's language (`lang`). `mode` is `play` with a valid session (bearer, or the discouraged legacy `session_token` query parameter) and `preview` without. No secrets.",
    protect: false,
  },
};
export const exposureMeta: TMeta = {
  cors: "any_origin",
  limits: [{ policies: ["widgetExposure"], when: "handler" }],
  auth: "none",
  errors: ["not_found", "unauthorized", "session_erased", "forbidden", "rate_limited"],
  openapi: {
    method: "GET",
    path: "/v1/widget/exposure",
    tags: ["Widget"],
    summary: "Whether to show the widget, and the A/B cohort",
    description:
      "The player is the session's (bearer or legacy `session_token` query) or else `external_user_id`. exposure_mode `all` → cohort `all`, shown; `off` → cohort `off`, hidden; `ab_test` → a stable 50/50 split into `treatment` (shown) and `control` (hidden) per experiment. Only a player session of the project (anonymous from the widget, or verified from your server) records an exposure, for its own player and once per visit (calls within 30 minutes of the previous one are the same visit); `recorded` says whether this call did. Without a session the answer for `external_user_id` is computed and nothing is stored. 60 calls per minute per project and network address (429 `rate_limited`).",
    protect: false,
  },
};
const ZLanguageTag = z.string().max(35).refine(isLanguageTag, "must be a language tag such as de or pt-BR");
export const ZConfigRequestSchema = z.object({
  project_id: z.string().uuid(),
  session_token: z.string().max(4096).optional(),
  lang: ZLanguageTag.optional().describe("The language the integrator asked for (`data-lang`, `Playloop.setLanguage()`)"),
  host_lang: ZLanguageTag.optional().describe("The host page's `<html lang>`"),
});
export const ZConfigResponseSchema = z.object({
  project_id: z.string().uuid(),
  mode: z.enum(["play", "preview"]),
  config_revision: z.number().int(),
  game_mode: z.string(),
  entry_mode: z.string(),
  theme: z.object({ primary: z.string(), accent: z.string(), on_accent: z.string() }),
  game: z.object({ id: z.string(), title: z.string().describe("The game's name in `lang`") }).nullable(),
  lang: z.string().describe("The language of `game.title` and `labels`: the first of `lang`, `host_lang` and `Accept-Language` the project offers, else its `default_language`"),
  labels: z.object({ games: z.string(), open: z.string(), close: z.string() }).describe("The loader's words on the host page in `lang`: the panel's title without a game, and the launcher's open and close labels"),
  lobby_wheel_enabled: z.boolean(),
  assets: z
    .object({
      lobby_background: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
      game_background: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
    })
    .describe("Uploaded backgrounds (840×1520 WebP paths under /v1/project-game-assets): the lobby's and the selected game's, each null when unset"),
});
export const ZExposureRequestSchema = z.object({
  project_id: z.string().uuid(),
  external_user_id: z.string().min(1).max(128).optional(),
  session_token: z.string().max(4096).optional(),
});
export const ZExposureResponseSchema = z.object({
  show_widget: z.boolean(),
  cohort: z.string().describe("`all`, `off`, `treatment` or `control`"),
  experiment_key: z.string(),
  recorded: z.boolean().describe("true only for the call that recorded an exposure: a widget session's first call of a visit (false for the other calls of the visit, and without a session)"),
});
