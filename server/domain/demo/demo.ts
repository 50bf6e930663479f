import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { hashPassword } from "@/server/domain/admin/passwords";
import { clientStatus } from "@/server/domain/catalogue/templates";
import { issueWidgetSession } from "@/server/domain/players/issue-session";

/**
 * The built-in demo: a project owned by a locked system account (its password is random and
 * never shown), free play, playing the first game whose client is built. Only reachable when demo
 * endpoints are enabled.
 */
const DEMO_EMAIL = "demo@playloop.invalid";
const DEMO_PROJECT_NAME = "Playloop demo";

export async function ensureDemoProject(): Promise<string> {
  const existing = await db().project.findFirst({ where: { name: DEMO_PROJECT_NAME, owner: { email: DEMO_EMAIL } }, select: { id: true, playMechanic: true } });
  const mechanic = ["match3_v1", "memory_v1", "parcel_pilot_v1"].find((m) => clientStatus(m) === "ready") ?? null;
  if (existing) {
    if (!existing.playMechanic && mechanic) {
      await db().project.update({ where: { id: existing.id }, data: { playMechanic: mechanic, playConfigRevision: { increment: 1 } } });
    }
    return existing.id;
  }
  const account = await db().adminAccount.upsert({
    where: { email: DEMO_EMAIL },
    create: { email: DEMO_EMAIL, passwordHash: await hashPassword(randomBytes(32).toString("hex")) },
    update: {},
  });
  const project = await db().project.create({
    data: { ownerAccountId: account.id, name: DEMO_PROJECT_NAME, gameMode: "free_play", playMechanic: mechanic, experimentKey: randomUUID() },
  });
  return project.id;
}

export async function issueDemoSession(opts: { anonymousId: string; ip: string }) {
  const projectId = await ensureDemoProject();
  const s = await issueWidgetSession({ projectId, anonymousId: opts.anonymousId, origin: null, ip: opts.ip });
  return { ...s, project_id: projectId };
}
