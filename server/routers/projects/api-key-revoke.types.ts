import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { owner } from "./shared.types";

export const keysRevokeMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: { method: "DELETE", path: "/v1/admin/projects/{project_id}/api-keys/{key_id}", tags: ["Admin: API keys"], summary: "Revoke an API key", description: `${owner} Idempotent for a key of this project.` },
};
export const ZKeysRevokeRequestSchema = z.object({ project_id: z.string().uuid(), key_id: z.string().uuid() });
export const ZKeysRevokeResponseSchema = z.object({ revoked: z.boolean() });
