import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZHexColor, ZOrigin } from "../_shared/schemas";
import { owner, tags } from "./shared.types";
import { LANGUAGE_CODES } from "@/i18n/languages";

export const updateMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "mechanic_unavailable", "mode_not_allowed", "wheel_config_missing", "origin_not_allowed"],
  openapi: {
    method: "PATCH",
    path: "/v1/admin/projects/{project_id}",
    tags,
    summary: "Update a project",
    description:
      `${owner} Any subset of the fields; a field that is not a project field is 422 \`validation_error\` (nothing is dropped silently). \`play_config_revision\` increases by exactly one when the mechanic (including the legacy \`active_template_id\`), entry mode, wheel setting, accent (\`primary_color\`) or \`game_mode\` actually changes; setting the same value leaves it unchanged. The audit entry (metadata.play_settings) commits with the change. ` +
      "Selecting `play_mechanic` clears `active_template_id` and vice versa. Failures: `mechanic_unavailable` (with `reason`: `unknown`, `not_selectable`, `not_built`, `disabled`, `unsupported_version`), `mode_not_allowed` (with `allowed_modes`), `wheel_config_missing`, `validation_error`.",
  },
};
/** The ISO 4217 codes this runtime knows (Intl), e.g. USD, EUR, JPY. */
const SUPPORTED_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** Every field of a project an admin sets (create and PATCH alike); strict: a field that is not one is 422, never dropped. */
export const ZProjectFieldsSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  allowed_origins: z.array(ZOrigin).max(50).optional(),
  active_template_id: z.string().max(64).nullable().optional(),
  primary_color: ZHexColor.optional(),
  currency: z
    .string()
    .refine((c) => SUPPORTED_CURRENCIES.has(c), "must be an ISO 4217 currency code in capitals, such as USD, EUR or JPY")
    .optional()
    .describe("ISO 4217 code for the project's money; changing it does not convert stored amounts (they are re-read in the new currency's minor units)"),
  game_mode: z.enum(["free_play", "rewards"]).optional().describe("`free_play` (no rewards; anonymous players allowed) or `rewards` (campaigns create reward claims)"),
  webhook_url: z
    .string()
    .url()
    .max(2048)
    .refine((u) => /^https?:\/\//.test(u), "must be an http(s) URL")
    .nullable()
    .optional(),
  exposure_mode: z.enum(["all", "ab_test", "off"]).optional(),
  play_mechanic: z.string().max(64).nullable().optional(),
  entry_mode: z.enum(["lobby", "wheel_only"]).optional(),
  lobby_wheel_enabled: z.boolean().optional(),
  languages: z
    .array(z.string().refine((c) => LANGUAGE_CODES.includes(c), `must be one of the play shell's languages: ${LANGUAGE_CODES.join(", ")}`))
    .max(LANGUAGE_CODES.length)
    .refine((l) => new Set(l).size === l.length, "must not repeat a language")
    .optional()
    .describe(`The play shell's languages this project offers its players (${LANGUAGE_CODES.join(", ")}); empty: all of them, including languages added later`),
  default_language: z
    .string()
    .refine((c) => LANGUAGE_CODES.includes(c), `must be one of the play shell's languages: ${LANGUAGE_CODES.join(", ")}`)
    .optional()
    .describe("The language players get when none of their wishes is offered; must be one of `languages` when that is not empty (else 422 `validation_error`)"),
  legacy_goal_overrides: z
    .array(z.string().trim().max(200))
    .max(10)
    .optional()
    .describe("Textual goals of the legacy streak template; merged with the defaults, the default streak goal is always kept"),
});
export const ZUpdateRequestSchema = ZProjectFieldsSchema.extend({ project_id: z.string().uuid() }).strict();
