import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ONBOARDING_STEPS } from "@/server/domain/workspace";

const tags = ["Admin: onboarding"];
const stepIds = ONBOARDING_STEPS.map((s) => s.step) as [string, ...string[]];

export const ZOnboardingResponseSchema = z.object({
  steps: z.array(z.object({ step: z.enum(stepIds), title: z.string(), detail: z.string(), done: z.boolean(), confirmable: z.boolean() })),
  next_step: z.enum(stepIds).nullable(),
  finished: z.boolean(),
});
const order = ONBOARDING_STEPS.map((s) => `\`${s.step}\``).join(" → ");
export const ZEmptyRequestSchema = z.object({}).optional();
export const onboardingMeta: TMeta = {
  auth: "admin",
  openapi: {
    method: "GET",
    path: "/v1/admin/onboarding",
    tags,
    summary: "Onboarding checklist",
    description: `The steps from sign-up to a first delivered reward, in order: ${order}. Each is \`done\` from what actually happened in the account's projects (a project exists; one lists an allowed origin; an API key was created; a player appeared — an exposure, an event or a run; a game run exists, earlier runs included; a campaign exists; a reward webhook was delivered), except \`embed_copied\`, which the console confirms. \`next_step\` is the first step not done (null when \`finished\`).`,
  },
};

export const ZCompleteRequestSchema = z.object({ step: z.string().min(1).max(64) });
export const completeMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "conflict", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/onboarding/{step}/complete",
    tags,
    summary: "Confirm an onboarding step",
    description: "Only `embed_copied` can be confirmed (the console calls it when the admin copies the embed code); repeating it is harmless. Any other step is 409 `conflict` (the server marks it when it happens); an unknown step is 404. Answers the updated checklist.",
  },
};
