import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/identity";

/** A project by id for public widget routes: 404 for a malformed or unknown id. */
export async function publicProject(projectId: string) {
  if (!isUuid(projectId)) throw new AppError("not_found", "Project not found");
  const p = await db().project.findUnique({ where: { id: projectId } });
  if (!p) throw new AppError("not_found", "Project not found");
  return p;
}
