import { createHmac, randomUUID } from "node:crypto";
import { sentAhead } from "@/server/db/batch";
import type { TTx } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { derivedKey, safeEqual } from "@/server/lib/crypto";

/** A bought booster can be played for a day. */
const EFFECT_TOKEN_TTL_MS = 24 * 3600_000;
const TOKEN = /^et_([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/;

function sign(id: string): string {
  return createHmac("sha256", derivedKey("effect-token")).update(id).digest("base64url").slice(0, 22);
}

/**
 * Issues a booster's effect token on the caller's transaction. The token names its row and is
 * signed (a made-up or altered token is refused before any lookup); the row holds who bought it,
 * for which game and effect, and its single use. The row's insert is sent, not awaited: the caller
 * awaits `written` with the statements it sends behind it (one round trip for all of them).
 */
export function issueEffectToken(tx: TTx, opts: { projectId: string; externalUserId: string; boosterId: string; mechanic: string; effect: string; at: Date }) {
  const id = randomUUID();
  const expiresAt = new Date(opts.at.getTime() + EFFECT_TOKEN_TTL_MS);
  const written = sentAhead(tx.query({
    name: "effect_token_issue", // prepared, as its use: a purchase's and a booster move's statements
    text: `INSERT INTO effect_token (id, project_id, external_user_id, booster_id, mechanic, effect, status, issued_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'issued', $7, $8)`,
    values: [id, opts.projectId, opts.externalUserId, opts.boosterId, opts.mechanic, opts.effect, opts.at, expiresAt],
  }));
  return { token: effectTokenOf(id), expiresAt, written };
}

/** The token string of an effect-token row (shown again to its buyer while it is unused). */
export function effectTokenOf(id: string): string {
  return `et_${id}.${sign(id)}`;
}

function invalid(reason: string): never {
  throw new AppError("effect_token_invalid", `The booster cannot be used: ${reason.replace(/_/g, " ")}`, { details: { reason } });
}

/** The token's row id when the token is well-formed and signed by us, else 409 `effect_token_invalid`. */
function readEffectToken(token: unknown): string {
  const m = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!m || !safeEqual(m[2]!, sign(m[1]!))) invalid("malformed");
  return m[1]!;
}

type TUse = { projectId: string; externalUserId: string; mechanic: string; effect: unknown; runId: string; sequence: number; at: Date };

/** A booster move's token (409 `effect_token_invalid` when malformed) and the use it is for; null for any other move. */
export function boosterTokenOf(
  run: { id: string; project_id: string; external_user_id: string; mechanic: string },
  input: { action: string; sequence: number; payload: Record<string, unknown> },
  at: Date,
): { id: string; use: TUse } | null {
  if (input.action !== "booster") return null;
  const use = { projectId: run.project_id, externalUserId: run.external_user_id, mechanic: run.mechanic, effect: input.payload.effect, runId: run.id, sequence: input.sequence, at };
  return { id: readEffectToken(input.payload.effect_token), use };
}

/**
 * Locks and checks the token on the caller's transaction before the engine sees the move: it must
 * be for exactly this buyer, game and effect, unused and unexpired; anything else is 409 with the
 * reason (another player's token reads as unknown: its existence is not theirs to learn).
 */
export async function checkEffectToken(tx: TTx, id: string, use: TUse): Promise<void> {
  // Not prepared: a generic plan made while the table had no statistics took the (project,
  // player, status) index over the key, reading all of the player's tokens.
  const row = (await tx.query<{ status: string; expires_at: Date; mechanic: string; effect: string }>(
    "SELECT status, expires_at, mechanic, effect FROM effect_token WHERE id = $1 AND project_id = $2 AND external_user_id = $3 FOR UPDATE",
    [id, use.projectId, use.externalUserId],
  )).rows[0];
  if (!row) invalid("unknown");
  if (row.status !== "issued") invalid("already_used");
  if (row.expires_at <= use.at) invalid("expired");
  if (row.mechanic !== use.mechanic) invalid("another_game");
  if (row.effect !== String(use.effect)) invalid("another_effect");
}

/** Spends a checked token once the engine accepted the move (same transaction, row already locked). */
export async function consumeEffectToken(tx: TTx, id: string, use: TUse): Promise<void> {
  const res = await tx.query({
    name: "effect_token_use",
    text: "UPDATE effect_token SET status = 'used', used_at = $2, used_run_id = $3, used_sequence = $4 WHERE id = $1 AND status = 'issued'",
    values: [id, use.at, use.runId, use.sequence],
  });
  if (res.rowCount !== 1) invalid("already_used");
}
