import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { owner, tags } from "./shared.types";

export const embedMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/embed", tags, summary: "Embed snippet", description: `${owner} The loader script tag and setup instructions.` },
};
export const ZEmbedResponseSchema = z.object({ snippet: z.string(), instructions: z.array(z.string()) });
