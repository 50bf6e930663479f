import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { owner, ZApiKeyView } from "./shared.types";

export const keysListMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/api-keys", tags: ["Admin: API keys"], summary: "API keys (never their secrets)", description: owner },
};
export const ZKeysListResponseSchema = z.object({ api_keys: z.array(ZApiKeyView) });
