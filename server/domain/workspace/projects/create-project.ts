import { randomUUID } from "node:crypto";
import type { Project } from "@/server/db/generated/prisma/client";
import { modelRow } from "@/server/db/rows";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { writeAudit } from "@/server/domain/identity";
import { assertCanCreateProject } from "@/server/domain/money";
import { serializeProject } from "./serialize";
import { applyProjectPatch, writeProject, type TProjectPatch } from "./update-project";

/**
 * Creates a project: the defaults (free play, no game selected, the currency of the account's
 * latest project or US dollars), then every project field the
 * request gives, with the same checks as PATCH (applyProjectPatch) — one transaction, so a field
 * that is refused leaves no project behind.
 */
export async function createProject(opts: { accountId: string; fields: TProjectPatch & { name: string }; requestId?: string }) {
  await assertCanCreateProject({ accountId: opts.accountId });
  return withTransaction(async (tx) => {
    const at = now();
    // A new project counts money in the account's currency: that of its latest project, US dollars for a first one.
    const { rows } = await tx.query(
      `INSERT INTO project (owner_account_id, name, allowed_origins, experiment_key, created_at, updated_at, currency)
       VALUES ($1, $2, $3, $4, $5, $5, coalesce((SELECT currency FROM project WHERE owner_account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1), 'USD'))
       RETURNING *`,
      [opts.accountId, opts.fields.name, opts.fields.allowed_origins ?? [], randomUUID(), at],
    );
    let project = modelRow<Project>(rows[0]!);
    const { next, changedPlay, changedOther } = await applyProjectPatch(tx, project, opts.fields);
    // A new project's settings are its first revision's, whatever they are.
    if (changedPlay.length > 0 || changedOther.length > 0) project = await writeProject(tx, next, at, false);
    const given = Object.keys(opts.fields).filter((k) => k !== "name" && k !== "allowed_origins");
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: project.id, action: "project.created", metadata: { name: opts.fields.name, ...(given.length > 0 ? { fields: given.sort() } : {}) }, requestId: opts.requestId });
    return serializeProject(project);
  });
}
