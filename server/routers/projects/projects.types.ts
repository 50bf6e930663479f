import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { API_KEY_SCOPES } from "@/server/domain/api-keys/api-keys";
import { ZHexColor, ZOrigin, ZProjectView } from "../_shared/schemas";

const tags = ["Admin: projects"];
const owner = "The admin must own the project; a foreign or unknown project answers 404.";

export const listMeta: TMeta = { auth: "admin", openapi: { method: "GET", path: "/v1/admin/projects", tags, summary: "My projects" } };
export const createMeta: TMeta = {
  auth: "admin",
  errors: ["origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects",
    tags,
    summary: "Create a project",
    description: "`allowed_origins`: origins (scheme://host[:port]) allowed to embed the widget; an empty list denies origin checks for every game mode except `free_play`. New projects start in `free_play` with no game selected.",
  },
};
export const getMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}",
    tags,
    summary: "One project with play_settings",
    description: `${owner} \`play_settings.active_players_24h\` counts distinct players of the current mechanic with an active, unexpired run and activity in the last 24 h; a wheel is ready only when its client and a published configuration exist.`,
  },
};
export const updateMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "mechanic_unavailable", "mode_not_allowed", "wheel_config_missing", "origin_not_allowed"],
  openapi: {
    method: "PATCH",
    path: "/v1/admin/projects/{project_id}",
    tags,
    summary: "Update a project",
    description:
      `${owner} Any subset of the fields. \`play_config_revision\` increases by exactly one when the mechanic (including the legacy \`active_template_id\`), entry mode, wheel setting, accent (\`primary_color\`) or \`game_mode\` actually changes; setting the same value leaves it unchanged. The audit entry (metadata.play_settings) commits with the change. ` +
      "Selecting `play_mechanic` clears `active_template_id` and vice versa. Failures: `mechanic_unavailable` (with `reason`: `unknown`, `not_selectable`, `not_built`, `disabled`, `unsupported_version`), `mode_not_allowed` (with `allowed_modes`), `wheel_config_missing`, `validation_error`.",
  },
};
export const embedMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/embed", tags, summary: "Embed snippet", description: `${owner} The loader script tag and setup instructions.` },
};
export const keysListMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/api-keys", tags: ["Admin: API keys"], summary: "API keys (never their secrets)", description: owner },
};
export const keysCreateMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/api-keys",
    tags: ["Admin: API keys"],
    summary: "Create an API key",
    description: `${owner} Scopes: \`session:issue\` (POST /v1/server/session-token), \`events:write\` (server events), \`economy:grant\` (POST /v1/economy/grant). The \`secret\` is shown once; only its SHA-256 is stored. Present it as \`Authorization: Bearer\`, \`X-Service-Server-Key\` or legacy \`X-Legacy-Server-Key\`.`,
  },
};
export const keysRevokeMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: { method: "DELETE", path: "/v1/admin/projects/{project_id}/api-keys/{key_id}", tags: ["Admin: API keys"], summary: "Revoke an API key", description: `${owner} Idempotent for a key of this project.` },
};
export const templatesMeta: TMeta = {
  auth: "admin",
  openapi: {
    method: "GET",
    path: "/v1/admin/templates",
    tags,
    summary: "Games and templates",
    description:
      "Templates offered for selection, with `client_status` (`ready`, `disabled`, `not_built`, `unsupported_version`), allowed game modes and statistics (`projects_using` among the caller's projects). Templates not offered for selection are hidden, except one already selected by one of the caller's projects, which stays visible with its status.",
  },
};

export const ZProjectIdInput = z.object({ project_id: z.string().uuid() });
export const ZCreateRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  allowed_origins: z.array(ZOrigin).max(50).default([]),
});
export const ZUpdateRequestSchema = z.object({
  project_id: z.string().uuid(),
  name: z.string().trim().min(1).max(100).optional(),
  allowed_origins: z.array(ZOrigin).max(50).optional(),
  active_template_id: z.string().max(64).nullable().optional(),
  primary_color: ZHexColor.optional(),
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
  legacy_goal_overrides: z
    .array(z.string().trim().max(200))
    .max(10)
    .optional()
    .describe("Textual goals of the legacy streak template; merged with the defaults, the default streak goal is always kept"),
});
export const ZProjectListResponseSchema = z.object({ projects: z.array(ZProjectView) });
export const ZProjectDetailResponseSchema = ZProjectView.extend({
  play_settings: z.object({ active_players_24h: z.number().int(), site_wheel_ready: z.boolean(), daily_wheel_ready: z.boolean() }),
});
export const ZEmbedResponseSchema = z.object({ snippet: z.string(), instructions: z.array(z.string()) });
const ZApiKeyView = z.object({
  key_id: z.string().uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  prefix: z.string().describe("First characters of the secret, to recognise it"),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export const ZKeysListResponseSchema = z.object({ api_keys: z.array(ZApiKeyView) });
export const ZKeysCreateRequestSchema = z.object({
  project_id: z.string().uuid(),
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
});
export const ZKeysCreateResponseSchema = z.object({ api_key: ZApiKeyView, secret: z.string().describe("Shown once") });
export const ZKeysRevokeRequestSchema = z.object({ project_id: z.string().uuid(), key_id: z.string().uuid() });
export const ZKeysRevokeResponseSchema = z.object({ revoked: z.boolean() });
export const ZTemplatesRequestSchema = z.object({}).optional();
export const ZTemplatesResponseSchema = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      engine: z.string(),
      kind: z.string(),
      selectable: z.boolean(),
      player_title: z.string(),
      client_status: z.enum(["ready", "disabled", "not_built", "unsupported_version"]),
      allowed_modes: z.array(z.string()),
      stats: z.object({ projects_using: z.number().int() }),
    }),
  ),
});

export const levelGoalsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/level-goals",
    tags,
    summary: "Published level goals of the project's game",
    description:
      `${owner} Only published level versions (number, identifier, version, goals, constraints); no run state. For legacy templates and the wheel \`mechanic\` is null and \`levels\` empty; \`legacy_goals\` holds the old runtime's textual goals (defaults merged with the project's \`legacy_goal_overrides\`; the default streak goal is never erased). For new games \`legacy_goals\` is empty. Cookie or bearer.`,
  },
};
export const ZLevelGoalsResponseSchema = z.object({
  legacy_goals: z.array(z.string()),
  mechanic: z.string().nullable(),
  track_version: z.number().int(),
  levels: z.array(z.object({ number: z.number().int(), level_id: z.string(), level_version: z.number().int(), goals: z.array(z.string()), constraints: z.array(z.string()) })),
});
