import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/identity";

/** What the play shell page needs to know about a project (framing policy), or null when it does not exist. */
export async function playShellProject(projectId: string): Promise<{ id: string; gameMode: string; allowedOrigins: string[] } | null> {
  if (!isUuid(projectId)) return null;
  return db().project.findUnique({ where: { id: projectId }, select: { id: true, gameMode: true, allowedOrigins: true } });
}
