import { z } from "zod";

/** An origin as browsers send it: scheme://host[:port], no path. */
export const ZOrigin = z
  .string()
  .max(255)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && u.origin === v;
    } catch {
      return false;
    }
  }, "must be an origin like https://shop.example (scheme, host and optional port, no path)");

export const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb colour");

/**
 * A player id an integrator chooses (a verified session's subject, a server event's or a grant's
 * player): 1-128 printable ASCII characters without spaces, as the id a session token names. It
 * travels in HTTP headers (a reward webhook's `X-Legacy-Idempotency-Key` carries it), where other
 * characters cannot go as they are: a claim for such a player could never be delivered.
 */
export const ZPlayerId = z.string().min(1).max(128).regex(/^[\x21-\x7e]+$/, "printable ASCII without spaces");

export const ZEmail = z.string().trim().max(254).email();

export const ZProjectView = z.object({
  project_id: z.string().uuid(),
  name: z.string(),
  allowed_origins: z.array(z.string()),
  active_template_id: z.string().nullable().describe("Legacy template selector"),
  primary_color: z.string(),
  currency: z
    .string()
    .describe("ISO 4217 code of the project's money (default: the account's latest project's, else `USD`): the wheel's budgets and prize costs (`*_minor`) are in its minor units — cents for USD and EUR, whole yen for JPY (no minor unit), thousandths for BHD"),
  languages: z.array(z.string()).describe("The play shell's languages the project offers, as set; empty: every language Playloop ships (`offered_languages`)"),
  offered_languages: z.array(z.string()).describe("The languages players can get: `languages`, or every language Playloop ships when that is empty"),
  default_language: z.string().describe("The language a player gets when none of their wishes (the embed's `data-lang` or `Playloop.setLanguage()`, the host page's `lang`, the browser's languages) is offered"),
  accent_color: z.string().describe("Derived from primary_color so white text on it meets WCAG AA (4.5:1)"),
  game_mode: z.enum(["free_play", "rewards"]).or(z.string()),
  webhook_url: z.string().nullable(),
  exposure_mode: z.string().describe("`all` (everyone sees the widget), `ab_test` (50/50 treatment/control), `off`"),
  play_mechanic: z.string().nullable(),
  entry_mode: z.string(),
  lobby_wheel_enabled: z.boolean(),
  play_config_revision: z.number().int().describe("Increases by exactly one when a play setting actually changes"),
  created_at: z.string(),
  updated_at: z.string(),
});
