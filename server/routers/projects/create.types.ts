import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZOrigin } from "../_shared/schemas";
import { tags } from "./shared.types";
import { ZProjectFieldsSchema } from "./update.types";

export const createMeta: TMeta = {
  auth: "admin",
  errors: ["origin_not_allowed", "plan_limit_reached", "mechanic_unavailable", "mode_not_allowed", "wheel_config_missing"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects",
    tags,
    summary: "Create a project",
    description:
      "Takes every project field PATCH takes (`name` required), with the same validation, in one transaction: a refused field (say `mechanic_unavailable`, `mode_not_allowed`, or `wheel_config_missing` for `entry_mode` `wheel_only` or `lobby_wheel_enabled`, which need a published wheel a new project cannot have yet) creates nothing; a field that is not a project field is 422 `validation_error`, never dropped silently. `allowed_origins`: origins (scheme://host[:port]) allowed to embed the widget; an empty list denies origin checks for every game mode except `free_play`. Without the fields, a project starts in `free_play` with no game selected. On a plan without overage (Free) an account above its included monthly active players gets 402 `plan_limit_reached` here until it upgrades (see Billing).",
  },
};
export const ZCreateRequestSchema = ZProjectFieldsSchema.extend({
  name: z.string().trim().min(1).max(100),
  allowed_origins: z.array(ZOrigin).max(50).default([]),
}).strict();
