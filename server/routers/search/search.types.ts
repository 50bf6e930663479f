import { z } from "zod";
import { SEARCH_KINDS } from "@/server/domain/insight";
import type { TMeta } from "@/server/trpc/init";

const ZSearchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string().describe("The player's external id, or the campaign, run or claim UUID"),
  label: z.string(),
  project_id: z.string().uuid(),
  project_name: z.string(),
  href: z.string().describe("The console page of the result"),
});
export const ZSearchRequestSchema = z.object({
  q: z.string().trim().min(1).max(100),
  project_id: z.string().uuid().optional(),
});
export const ZSearchResponseSchema = z.object({ results: z.array(ZSearchResultSchema) });

export const searchMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/search",
    tags: ["Admin: console"],
    summary: "Search players, campaigns, runs and claims",
    description:
      "The console's global search, over the admin's own projects only (or, with `project_id`, one of them; a foreign or unknown `project_id` is 404): another account's objects never match. `q` is required, 1-100 characters after trimming (422 `validation_error` otherwise). Matches: players whose external id starts with `q` (case-sensitive); campaigns whose name contains `q` (case-insensitive) or whose id starts with `q`; runs and claims whose id starts with `q`. Id prefixes need at least 4 hexadecimal characters (or a whole UUID). At most 20 results: up to 8 players, then up to 5 campaigns, 5 runs and 5 claims. `href` is the console page: `/projects/{project_id}/players/{external_user_id}` (runs add `?run={run_id}`), `/projects/{project_id}/campaigns`, `/projects/{project_id}/claims`.",
  },
};
