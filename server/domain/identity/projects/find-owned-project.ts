import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The project if the account owns it; otherwise 404 (a foreign project is indistinguishable from a missing one). */
export async function findOwnedProject(opts: { accountId: string; projectId: string }) {
  if (!UUID.test(opts.projectId)) throw new AppError("not_found", "Project not found");
  const project = await db().project.findFirst({ where: { id: opts.projectId, ownerAccountId: opts.accountId } });
  if (!project) throw new AppError("not_found", "Project not found");
  return project;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
