import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { owner, tags } from "./shared.types";

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
