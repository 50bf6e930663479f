import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { hmacHex } from "@/server/lib/crypto";
import { AppError } from "@/server/errors/app-error";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { isUuid } from "@/server/domain/identity/projects/find-owned-project";
import { authorizeKey, type TApiKeyPrincipal } from "@/server/domain/identity/api-keys/manage-api-keys";
import { signPlayerToken } from "./player-token";
import { ANONYMOUS_PREFIX, assertNamedPlayerId } from "./player-ids";

const ANON_TTL_SECONDS = 24 * 60 * 60;

/** Verified session, issued by the integrator's server with a `session:issue` key of the same project. */
export async function issueServerSession(opts: { key: TApiKeyPrincipal; projectId: string; externalUserId: string; ttlSeconds: number; limits: TLimitGate }) {
  authorizeKey(opts.key, opts.projectId, "session:issue");
  assertNamedPlayerId(opts.externalUserId, { anonymous: "refused" });
  await opts.limits.enforce(); // per project and address, once the key is known to be the project's
  const expiresAt = new Date(now().getTime() + opts.ttlSeconds * 1000);
  const { token } = await signPlayerToken({ projectId: opts.projectId, externalUserId: opts.externalUserId, subjectType: "verified", origin: null, expiresAt });
  return { session_token: token, expires_at: expiresAt.toISOString(), subject_type: "verified" as const, external_user_id: opts.externalUserId };
}

/** The stable anonymous identity of an anonymous_id within a project. */
function anonymousUserId(projectId: string, anonymousId: string): string {
  return ANONYMOUS_PREFIX + Buffer.from(hmacHex("anon-id", `${projectId}:${anonymousId}`), "hex").toString("base64url").slice(0, 22);
}

/**
 * Anonymous session for the widget: no credential, bound to the request Origin (its `org` claim,
 * checked on every player request), which must be one of the project's allowed origins unless
 * the game mode is free_play and the list is empty.
 */
export async function issueWidgetSession(opts: { projectId: string; anonymousId: string; origin: string | null; limits: TLimitGate }) {
  if (!isUuid(opts.projectId)) throw new AppError("not_found", "Project not found");
  const project = await db().project.findUnique({ where: { id: opts.projectId }, select: { id: true, gameMode: true, allowedOrigins: true } });
  if (!project) throw new AppError("not_found", "Project not found");
  // Free play without a list of sites runs anywhere; a non-empty list binds every mode to it.
  if (project.gameMode !== "free_play" || project.allowedOrigins.length > 0) {
    if (!opts.origin || !project.allowedOrigins.includes(opts.origin)) {
      throw new AppError("origin_not_allowed", "Origin is not in the project's allowed_origins");
    }
  }
  await opts.limits.enforce({ projectId: project.id });
  const externalUserId = anonymousUserId(project.id, opts.anonymousId);
  const expiresAt = new Date(now().getTime() + ANON_TTL_SECONDS * 1000);
  const { token } = await signPlayerToken({ projectId: project.id, externalUserId, subjectType: "anonymous", origin: opts.origin, expiresAt });
  return { session_token: token, external_user_id: externalUserId, expires_at: expiresAt.toISOString(), subject_type: "anonymous" as const };
}
