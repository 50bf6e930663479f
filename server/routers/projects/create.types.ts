import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZOrigin } from "../_shared/schemas";
import { tags } from "./shared.types";

export const createMeta: TMeta = {
  auth: "admin",
  errors: ["origin_not_allowed", "plan_limit_reached"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects",
    tags,
    summary: "Create a project",
    description: "`allowed_origins`: origins (scheme://host[:port]) allowed to embed the widget; an empty list denies origin checks for every game mode except `free_play`. New projects start in `free_play` with no game selected. On a plan without overage (Free) an account above its included monthly active players gets 402 `plan_limit_reached` here until it upgrades (see Billing).",
  },
};
export const ZCreateRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  allowed_origins: z.array(ZOrigin).max(50).default([]),
});
