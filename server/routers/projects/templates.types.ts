import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { tags } from "./shared.types";

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
