import type { TTx } from "@/server/db/tx";
import { noteActivePlayers } from "@/server/domain/money";

export type TEventSource = "player" | "server" | "system" | "business";

export type TNewEvent = {
  projectId: string;
  externalUserId: string;
  type: string;
  source: TEventSource;
  payload?: Record<string, unknown>;
  runId?: string | null;
  sessionId?: string | null;
  idempotencyKey?: string | null;
  at: Date;
};

/**
 * Appends events inside the caller's transaction (one statement for any number of events), so
 * game events commit or roll back with the run change that produced them, and counts their
 * players as the month's active players (billing). Returns the number inserted: 0 for a replayed
 * idempotency key (player_event_key's trigger, migration 0034, skips an event whose key it has).
 */
export async function recordEvents(tx: TTx, events: TNewEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  await noteActivePlayers(tx, events);
  const insert = eventsInsert(events, 0);
  const res = await tx.query(insert.sql, insert.values);
  return res.rowCount ?? 0;
}

/**
 * The INSERT for `events` with its parameters numbered from `offset + 1`, for a caller that writes
 * its events inside a statement of its own (a CTE), saving a round trip. Such a caller also calls
 * noteActivePlayers (billing) on its transaction, as recordEvents does. With `gate` (a CTE's name) the
 * events are written only when that CTE returned a row.
 */
export function eventsInsert(events: TNewEvent[], offset: number, gate?: string): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const rows = events.map((e, i) => {
    values.push(e.projectId, e.externalUserId, e.type, e.source, JSON.stringify(e.payload ?? {}), e.runId ?? null, e.sessionId ?? null, e.idempotencyKey ?? null, e.at);
    const b = offset + i * 9;
    // typed in full when gated: a VALUES list in FROM takes no types from the columns it fills
    return gate
      ? `($${b + 1}::uuid, $${b + 2}::text, $${b + 3}::text, $${b + 4}::text, $${b + 5}::jsonb, $${b + 6}::uuid, $${b + 7}::text, $${b + 8}::text, $${b + 9}::timestamptz)`
      : `($${b + 1}::uuid, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}::jsonb, $${b + 6}::uuid, $${b + 7}, $${b + 8}, $${b + 9})`;
  });
  return {
    sql: `INSERT INTO player_event (project_id, external_user_id, type, source, payload, run_id, session_id, idempotency_key, created_at)
     ${gate ? `SELECT * FROM (VALUES ${rows.join(", ")}) AS v WHERE EXISTS (SELECT 1 FROM ${gate})` : `VALUES ${rows.join(", ")}`}`,
    values,
  };
}
