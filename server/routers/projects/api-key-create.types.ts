import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { API_KEY_SCOPES } from "@/server/domain/identity";
import { owner, ZApiKeyView } from "./shared.types";

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
export const ZKeysCreateRequestSchema = z.object({
  project_id: z.string().uuid(),
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
});
export const ZKeysCreateResponseSchema = z.object({ api_key: ZApiKeyView, secret: z.string().describe("Shown once") });
