import type { Project } from "@/server/db/generated/prisma/client";
import { pool } from "@/server/db/client";
import { modelRow } from "@/server/db/rows";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/identity";

/** A project by id for public widget routes: 404 for a malformed or unknown id. */
export async function publicProject(projectId: string): Promise<Project> {
  if (!isUuid(projectId)) throw new AppError("not_found", "Project not found");
  const row = (await pool().query("SELECT * FROM project WHERE id = $1", [projectId])).rows[0];
  if (!row) throw new AppError("not_found", "Project not found");
  return modelRow<Project>(row);
}
