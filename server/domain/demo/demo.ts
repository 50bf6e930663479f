import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { hashPassword } from "@/server/domain/admin/passwords";
import { isMechanicId } from "@/server/games/registry";
import type { TMechanicId } from "@/server/games/types";
import { issueWidgetSession } from "@/server/domain/players/issue-session";

/**
 * The built-in demo: one free-play project per game, owned by a locked system account (its
 * password is random and never shown). Only reachable when demo endpoints are enabled.
 */
const DEMO_EMAIL = "demo@playloop.invalid";
export const DEMO_GAMES = ["match3_v1", "memory_v1", "parcel_pilot_v1"] as const satisfies readonly TMechanicId[];

export async function ensureDemoProject(game: TMechanicId = "match3_v1"): Promise<string> {
  const name = `Playloop demo · ${game}`;
  const existing = await db().project.findFirst({ where: { name, owner: { email: DEMO_EMAIL } }, select: { id: true } });
  if (existing) return existing.id;
  const account = await db().adminAccount.upsert({
    where: { email: DEMO_EMAIL },
    create: { email: DEMO_EMAIL, passwordHash: await hashPassword(randomBytes(32).toString("hex")) },
    update: {},
  });
  // Two first visits at once may both create one; the oldest wins from then on.
  await db().project.create({ data: { ownerAccountId: account.id, name, gameMode: "free_play", playMechanic: game, experimentKey: randomUUID() } });
  const first = await db().project.findFirst({ where: { name, ownerAccountId: account.id }, orderBy: { createdAt: "asc" }, select: { id: true } });
  return first!.id;
}

export function demoGame(value: string | null | undefined): TMechanicId {
  return value && isMechanicId(value) ? value : "match3_v1";
}

export async function issueDemoSession(opts: { anonymousId: string; ip: string; game?: string }) {
  const projectId = await ensureDemoProject(demoGame(opts.game));
  const s = await issueWidgetSession({ projectId, anonymousId: opts.anonymousId, origin: null, ip: opts.ip });
  return { ...s, project_id: projectId };
}
