import { db } from "@/server/db/client";
import { clientStatus, listTemplates } from "@/server/domain/gameplay";

/** The templates list for an admin: selectable ones, plus any non-selectable one already in use by their projects. */
export async function listTemplatesForAccount(opts: { accountId: string }) {
  const projects = await db().project.findMany({ where: { ownerAccountId: opts.accountId }, select: { playMechanic: true, activeTemplateId: true } });
  const usage = new Map<string, number>();
  for (const p of projects) {
    const id = p.playMechanic ?? p.activeTemplateId;
    if (id) usage.set(id, (usage.get(id) ?? 0) + 1);
  }
  return listTemplates()
    .filter((t) => t.kind !== "wheel" && (t.selectable || usage.has(t.id)))
    .map((t) => ({
      id: t.id,
      engine: t.engine,
      kind: t.kind,
      selectable: t.selectable && clientStatus(t.id) === "ready",
      player_title: t.player_title,
      client_status: clientStatus(t.id),
      allowed_modes: t.allowed_modes,
      stats: { projects_using: usage.get(t.id) ?? 0 },
    }));
}
