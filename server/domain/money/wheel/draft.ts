import { withTransaction, type TTx } from "@/server/db/tx";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { resolveEconomy } from "@/server/domain/money/economy/config";
import { now } from "@/server/lib/clock";
import { assertDraftFitsEconomy, assertDraftFitsLanguages, draftHash, expectedCostPerSpin, segmentCostMinor, type TWheelDraft, type TWheelId } from "./draft-model";
import { ensureWheels, readWheelRow, type TWheelRow } from "./wheel-store";

/** What each segment costs and how likely it is (from the draft's weights), for the editor. */
function priceDraft(draft: TWheelDraft) {
  const total = draft.segments.reduce((n, s) => n + s.weight, 0);
  return {
    segments: draft.segments.map((s) => ({ id: s.id, cost_minor: segmentCostMinor(draft, s), probability: s.weight / total })),
    expected_cost_per_spin_minor: expectedCostPerSpin(draft),
  };
}

async function draftView(tx: TTx, projectId: string, row: TWheelRow) {
  const published =
    row.published_version > 0
      ? (await tx.query<{ draft_hash: string; published_at: Date }>("SELECT draft_hash, published_at FROM wheel_version WHERE project_id = $1 AND wheel_id = $2 AND version = $3", [projectId, row.wheel_id, row.published_version])).rows[0]!
      : null;
  return {
    wheel_id: row.wheel_id,
    draft: row.draft,
    draft_hash: row.draft_hash,
    published_version: published ? row.published_version : null,
    published_draft_hash: published?.draft_hash ?? null,
    published_at: published?.published_at.toISOString() ?? null,
    costs: priceDraft(row.draft),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function getWheelDraft(opts: { accountId: string; projectId: string; wheelId: TWheelId }) {
  const project = await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    await ensureWheels(tx, project);
    return draftView(tx, project.id, await readWheelRow(tx, project.id, opts.wheelId));
  });
}

/** Replaces the draft (PUT): validated as a whole, also against the project's economy. Players see nothing until it is published. */
export async function saveWheelDraft(opts: { accountId: string; projectId: string; wheelId: TWheelId; draft: TWheelDraft; requestId?: string }) {
  const project = await findOwnedProject(opts);
  assertDraftFitsEconomy(opts.draft, resolveEconomy(project.economyConfig), project.economyEnabled);
  assertDraftFitsLanguages(opts.draft, project);
  const hash = draftHash(opts.draft);
  return withTransaction(async (tx) => {
    await ensureWheels(tx, project);
    const at = now();
    const before = await readWheelRow(tx, project.id, opts.wheelId, { lock: true });
    await tx.query("UPDATE wheel SET draft = $3::jsonb, draft_hash = $4, updated_at = $5 WHERE project_id = $1 AND wheel_id = $2", [project.id, opts.wheelId, JSON.stringify(opts.draft), hash, at]);
    if (before.draft_hash !== hash) {
      await writeAudit({ tx, at, accountId: opts.accountId, projectId: project.id, action: "wheel.draft_saved", targetType: "wheel", targetId: opts.wheelId, metadata: { draft_hash: { before: before.draft_hash, after: hash } }, requestId: opts.requestId });
    }
    return draftView(tx, project.id, { ...before, draft: opts.draft, draft_hash: hash, updated_at: at });
  });
}
