import type { TLimitGate } from "@/server/rate-limit/gate";
import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { hashPassword, issueWidgetSession, RESERVED_EMAIL_DOMAIN } from "@/server/domain/identity";
import { GAME_MANIFESTS } from "@/games/manifests";
import { isMechanicId } from "@/games/registry";
import type { TMechanicId } from "@/games/manifests";
import { AppError } from "@/server/errors/app-error";
import { logger } from "@/server/logging/logger";
import { getWheelDraft, publishWheel } from "@/server/domain/money";

/**
 * The built-in demo: one free-play project per game, owned by a locked system account (its
 * password is random and never shown; system accounts cannot log in). The identity is reserved:
 * nobody can sign up as it, and an account that somehow holds the e-mail without being the
 * system account is never given the demo projects. Only reachable when demo endpoints are enabled.
 */
const DEMO_EMAIL = `demo@${RESERVED_EMAIL_DOMAIN}`;
/** The games whose manifest gives a demo order, in that order: one demo project each. */
export const DEMO_GAMES: readonly TMechanicId[] = GAME_MANIFESTS.filter((g) => g.demoOrder !== undefined)
  .sort((a, b) => (a.demoOrder ?? 0) - (b.demoOrder ?? 0))
  .map((g) => g.id);

async function demoAccountId(): Promise<string> {
  // Create only if absent: an existing row is never updated into (or taken over as) the owner.
  await db().adminAccount.createMany({
    data: [{ email: DEMO_EMAIL, passwordHash: await hashPassword(randomBytes(32).toString("hex")), system: true }],
    skipDuplicates: true,
  });
  const account = await db().adminAccount.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, system: true } });
  if (!account.system) {
    logger().error({ account_id: account.id }, "the demo identity is held by a non-system account; demo disabled");
    throw new AppError("service_unavailable", "The demo is unavailable");
  }
  return account.id;
}

export async function ensureDemoProject(game: TMechanicId = "match3_v1"): Promise<string> {
  const name = `Playloop demo · ${game}`;
  const existing = await db().project.findFirst({ where: { name, owner: { email: DEMO_EMAIL, system: true } }, orderBy: { createdAt: "asc" }, select: { id: true, ownerAccountId: true, lobbyWheelEnabled: true } });
  if (existing) {
    if (!existing.lobbyWheelEnabled) await openDemoWheel(existing.ownerAccountId, existing.id);
    return existing.id;
  }
  const accountId = await demoAccountId();
  // Two first visits at once may both create one; the oldest wins from then on.
  await db().project.create({ data: { ownerAccountId: accountId, name, gameMode: "free_play", playMechanic: game, experimentKey: randomUUID() } });
  const first = await db().project.findFirst({ where: { name, ownerAccountId: accountId }, orderBy: { createdAt: "asc" }, select: { id: true } });
  await openDemoWheel(accountId, first!.id);
  return first!.id;
}

/**
 * The demo shows the daily wheel in its lobby: its default draft is published (once: a second
 * first visit finds it published) and the lobby block switched on.
 */
async function openDemoWheel(accountId: string, projectId: string): Promise<void> {
  const draft = await getWheelDraft({ accountId, projectId, wheelId: "daily" });
  if (draft.published_version === null) {
    await publishWheel({ accountId, projectId, wheelId: "daily", expectedDraftHash: draft.draft_hash }).catch((e: unknown) => {
      if (!(e instanceof AppError && e.appCode === "draft_stale")) throw e;
    });
  }
  await db().project.update({ where: { id: projectId }, data: { lobbyWheelEnabled: true, playConfigRevision: { increment: 1 } } });
}

export function demoGame(value: string | null | undefined): TMechanicId {
  return value && isMechanicId(value) ? value : "match3_v1";
}

export async function issueDemoSession(opts: { anonymousId: string; limits: TLimitGate; game?: string }) {
  const projectId = await ensureDemoProject(demoGame(opts.game));
  const s = await issueWidgetSession({ projectId, anonymousId: opts.anonymousId, origin: null, limits: opts.limits });
  return { ...s, project_id: projectId };
}
