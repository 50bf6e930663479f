import { z } from "zod";
import { CLAIM_STATUSES } from "@/server/domain/money";
import type { TMeta } from "@/server/trpc/init";

const tags = ["Admin: claims"];
const owner = "The admin must own the project; a foreign or unknown project or claim answers 404.";

const ZClaimSchema = z.object({
  claim_id: z.string().uuid(),
  campaign_id: z.string().uuid(),
  external_user_id: z.string(),
  trigger: z.string(),
  run_id: z.string().uuid().nullable(),
  mechanic: z.string().nullable(),
  level_number: z.number().int().nullable(),
  idempotency_key: z.string().describe("Built on the server; the integrator grants at most once per key"),
  client_idempotency_key: z.string().nullable().describe("The client's Idempotency-Key header, kept for audit only"),
  status: z.enum(CLAIM_STATUSES),
  risk_score: z.number().int().describe("0-100, from the fraud gate's rules"),
  risk_reasons: z.array(z.string()),
  hold_until: z.string().nullable(),
  reject_reason: z.string().nullable(),
  decided_by: z.string().describe("`gate`, `release_job` or `admin:<account id>`"),
  delivery: z.object({ delivery_id: z.string().uuid(), status: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ZClaimsRequestSchema = z.object({
  project_id: z.string().uuid(),
  status: z.enum(CLAIM_STATUSES).optional(),
  external_user_id: z.string().max(128).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const ZClaimsResponseSchema = z.object({ claims: z.array(ZClaimSchema) });
export const claimsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/reward-claims",
    tags,
    summary: "Reward claims",
    description: `${owner} Newest first. \`status\` filters (\`review\` is the review queue): \`deliverable\` (its reward.eligible webhook is queued or done), \`held\` (until \`hold_until\`, then scored again by the release job), \`review\` (an admin decides), \`rejected\`. \`limit\` 1-200, default 50.`,
  },
};

const ZClaimActionRequestSchema = z.object({ project_id: z.string().uuid(), claim_id: z.string().uuid() });
export const ZReleaseRequestSchema = ZClaimActionRequestSchema.extend({ reason: z.string().trim().max(500).optional().describe("Why (optional, admins only): kept in the audit trail") });
export const ZReleaseResponseSchema = z.object({ claim_id: z.string().uuid(), status: z.literal("deliverable"), delivery_id: z.string().uuid().nullable() });
export const releaseMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "conflict", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/reward-claims/{claim_id}/release",
    tags,
    summary: "Release a claim",
    description: `${owner} A held or reviewed claim becomes deliverable: its reward.eligible webhook and notification are queued in the same transaction; an optional \`reason\` is kept in the audit entry (\`reward.claim_released\`) with who released it. Any other status is 409 \`conflict\`.`,
  },
};
export const ZRejectRequestSchema = ZClaimActionRequestSchema.extend({ reason: z.string().trim().max(500).optional() });
export const ZRejectResponseSchema = z.object({ claim_id: z.string().uuid(), status: z.literal("rejected") });
export const rejectMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "conflict", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/reward-claims/{claim_id}/reject",
    tags,
    summary: "Reject a claim",
    description: `${owner} A held or reviewed claim is rejected, with an optional \`reason\` (admins only; players see \`unavailable\`). It stops counting toward the campaign's caps. Any other status is 409 \`conflict\`.`,
  },
};
