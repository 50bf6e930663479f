import { FIGURES } from "@/i18n/figures";
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
    description: `${owner} \`play_settings.active_players_24h\` counts ${FIGURES.active_players_24h.definition}; a wheel is ready only when its client and a published configuration exist.`,
  },
};
