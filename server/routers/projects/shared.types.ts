import { z } from "zod";
import { ZProjectView } from "../_shared/schemas";

// Shared by several project procedures; each procedure's own meta and schemas live beside it.
export const tags = ["Admin: projects"];
export const owner = "The admin must own the project; a foreign or unknown project answers 404.";

export const ZProjectIdInput = z.object({ project_id: z.string().uuid() });
export const ZTemplatesRequestSchema = z.object({}).optional();
export const ZProjectDetailResponseSchema = ZProjectView.extend({
  play_settings: z.object({ active_players_24h: z.number().int(), site_wheel_ready: z.boolean(), daily_wheel_ready: z.boolean() }),
  backgrounds: z
    .array(
      z.object({
        slot: z.string(),
        url: z.string().nullable(),
        original: z.object({ format: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() }).nullable(),
      }),
    )
    .describe("One entry per background slot (`lobby`, then each run-type game): the runtime image's path, or null when unset; set them with PUT …/game-assets/{slot}/background"),
});
export const ZApiKeyView = z.object({
  key_id: z.string().uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  prefix: z.string().describe("First characters of the secret, to recognise it"),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
