import type { TMeta } from "@/server/trpc/init";
import { owner, tags } from "./shared.types";

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
