import type { TPlayerSession } from "@/server/domain/identity";
import { assertNamedPlayerId, authorizeKey, guardPlayerWrite, guardServerWrite, type TApiKeyPrincipal } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { withTransaction, type TTx } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { jsonbBytes } from "@/server/lib/jsonb-size";
import { createClaims } from "@/server/domain/money";
import { batchOf } from "@/server/db/batch";
import { recordEvents, type TEventSource } from "./record-event";
import { applyStreakEvent, confirmedStreak, EMPTY_STREAK, type TStreakState } from "./streak";

/** Event types a player session may send; game.* events come only from the server's own runs. */
export const PLAYER_EVENT_TYPES = ["play.session_start", "streak.ui_ack", "widget.opened", "widget.closed", "lobby.viewed"] as const;
/** Server-confirmed events; promo outcomes need an Idempotency-Key. */
export const SERVER_EVENT_TYPES = ["streak.server_confirm", "promo.issued", "promo.redeemed", "promo.expired"] as const;
export const BUSINESS_EVENT_TYPES = ["product_click", "favorite", "merchant_click", "purchase"] as const;

/** Payload caps (jsonb text bytes): players send small UI facts; integrators' servers may say more. */
const PLAYER_EVENT_PAYLOAD_MAX_BYTES = 4096;
const SERVER_EVENT_PAYLOAD_MAX_BYTES = 16384;

function assertPayloadSize(payload: Record<string, unknown>, max: number) {
  const bytes = jsonbBytes(payload);
  if (bytes > max) {
    throw new AppError("validation_error", `Event payload is ${bytes} bytes; at most ${max} (jsonb text)`, { status: 413, details: { payload_bytes: bytes, max_bytes: max } });
  }
}

/** `anon_` ids are anonymous players whoever reports them; everyone else an integrator names is verified. */
const subjectOf = (externalUserId: string) => (externalUserId.startsWith("anon_") ? ("anonymous" as const) : ("verified" as const));

const STREAK_TYPES = new Set(["play.session_start", "streak.ui_ack", "streak.server_confirm"]);

/**
 * Moves the legacy streak; returns the confirmed streak's length when this event lengthened it —
 * only an integrator's `streak.server_confirm` can (a player's own events move what the player
 * sees, never what rewards count).
 */
async function updateStreak(tx: TTx, projectId: string, externalUserId: string, type: string, at: Date): Promise<number | null> {
  if (!STREAK_TYPES.has(type)) return null;
  // The row first (an empty streak when there is none), then the locked read: two first events of
  // a player at once both found no row to lock, and the second's upsert overwrote the first's state
  // (an accepted event lost). Now the second's insert waits for the first's row, and its read — a
  // statement of its own, so a snapshot taken after that wait — locks it and builds on it.
  // Sent together: one round trip.
  const [, read] = await Promise.all([
    tx.query(
      "INSERT INTO progress_snapshot (project_id, external_user_id, template_id, state, updated_at) VALUES ($1, $2, 'streak_v1', $3::jsonb, $4) ON CONFLICT (project_id, external_user_id, template_id) DO NOTHING",
      [projectId, externalUserId, JSON.stringify(EMPTY_STREAK), at],
    ),
    tx.query<{ state: TStreakState }>(
      "SELECT state FROM progress_snapshot WHERE project_id = $1 AND external_user_id = $2 AND template_id = 'streak_v1' FOR UPDATE",
      [projectId, externalUserId],
    ),
  ]);
  const row = read.rows[0];
  const next = applyStreakEvent(row?.state ?? EMPTY_STREAK, type, at);
  await tx.query("UPDATE progress_snapshot SET state = $3::jsonb, updated_at = $4 WHERE project_id = $1 AND external_user_id = $2 AND template_id = 'streak_v1'", [
    projectId, externalUserId, JSON.stringify(next), at,
  ]);
  const confirmed = confirmedStreak(next);
  return confirmed > confirmedStreak(row?.state ?? EMPTY_STREAK) ? confirmed : null;
}

async function ingest(opts: {
  projectId: string;
  externalUserId: string;
  type: string;
  payload: Record<string, unknown>;
  source: TEventSource;
  subjectType: "verified" | "anonymous";
  sessionId?: string | null;
  idempotencyKey?: string | null;
  /** The player's own session, for a player's event: refused when it was issued before an erasure of the player. */
  session?: TPlayerSession;
  /** This request's id: a streak's reward deliveries carry it to the worker's log lines. */
  requestId?: string;
}) {
  return withTransaction(async (tx) => {
    // First, before any row is locked (as the erasure takes it): an erasure of this player in
    // progress is waited for, and one starting now waits for this event (sent ahead: no round trip
    // of its own). A player's own session is checked behind the lock (an integrator's server may
    // write for an erased id: it is the one that knows the person came back).
    // Play ingress (a player's events, a server's events for a player) is refused for a blocked player;
    // business events are analytics only.
    const ingress = opts.source !== "business";
    const guard = opts.session ? guardPlayerWrite(tx, opts.session, { ingress }) : guardServerWrite(tx, { projectId: opts.projectId, externalUserId: opts.externalUserId }, { ingress });
    const at = now();
    // Concurrent first uses of one Idempotency-Key queue on its player_event_key row (migration 0034):
    // one records the event, the others wait for its commit and find the key taken.
    let inserted = await recordEvents(tx, [{ ...opts, at }]);
    await guard;
    for (let look = 0; inserted === 0; look++) {
      // A used key: its event was recorded before (the key trigger of migration 0034 skipped this one).
      const prior = (
        await tx.query<{ created_at: Date; external_user_id: string }>(
          "SELECT created_at, external_user_id FROM player_event_key WHERE project_id = $1 AND source = $2 AND idempotency_key = $3",
          [opts.projectId, opts.source, opts.idempotencyKey],
        )
      ).rows[0];
      // Another player's event under this key is not a repeat of this one: answered "duplicate",
      // this event would be lost while its sender believed it recorded.
      if (prior && prior.external_user_id !== opts.externalUserId) {
        throw new AppError("idempotency_conflict", "This Idempotency-Key was already used for another player's event; use a key of its own for each event");
      }
      if (prior) return { accepted: true as const, duplicate: true, received_at: prior.created_at.toISOString() };
      // The key's row went between the two statements (its player erased, or its retention ran): the
      // key is free again, so the event is recorded after all. Twice in a row cannot be told from a fault.
      if (look > 0) throw new AppError("service_unavailable", "The Idempotency-Key could not be settled; send the event again");
      inserted = await recordEvents(tx, [{ ...opts, at }]);
    }
    const streak = await updateStreak(tx, opts.projectId, opts.externalUserId, opts.type, at);
    // A longer confirmed streak can fire `streak_reached` campaigns, in the event's own transaction.
    if (streak !== null) {
      await createClaims(batchOf(tx), { source: "streak", projectId: opts.projectId, externalUserId: opts.externalUserId, currentStreak: streak, at }, { subjectType: opts.subjectType, clientIdempotencyKey: opts.idempotencyKey ?? null, requestId: opts.requestId });
    }
    return { accepted: true as const, duplicate: false, received_at: at.toISOString() };
  });
}

export async function ingestPlayerEvent(opts: { player: TPlayerSession; type: string; payload: Record<string, unknown>; sessionId?: string; requestId?: string }) {
  // The route's limits were charged before the event is looked at: a refused event spends budget
  // like an accepted one. Per player, then the project's ingest budget (anonymous sessions are cheap
  // to mint, so many players together may not write without bound either).
  if (!(PLAYER_EVENT_TYPES as readonly string[]).includes(opts.type)) {
    throw new AppError("validation_error", `Event type ${opts.type} is not accepted from players`, { details: { allowed_types: PLAYER_EVENT_TYPES } });
  }
  assertPayloadSize(opts.payload, PLAYER_EVENT_PAYLOAD_MAX_BYTES);
  return ingest({ projectId: opts.player.projectId, externalUserId: opts.player.externalUserId, type: opts.type, payload: opts.payload, source: "player", subjectType: opts.player.subjectType, sessionId: opts.sessionId ?? opts.player.sessionId, session: opts.player, requestId: opts.requestId });
}

function requireKeyProject(key: TApiKeyPrincipal, projectId: string) {
  authorizeKey(key, projectId, "events:write");
}

export async function ingestServerEvent(opts: { key: TApiKeyPrincipal; projectId: string; externalUserId: string; type: string; payload: Record<string, unknown>; sessionId?: string; idempotencyKey?: string; requestId?: string }) {
  requireKeyProject(opts.key, opts.projectId);
  assertNamedPlayerId(opts.externalUserId, { anonymous: "allowed" });
  if (!(SERVER_EVENT_TYPES as readonly string[]).includes(opts.type)) {
    throw new AppError("validation_error", `Event type ${opts.type} is not accepted from servers`, { details: { allowed_types: SERVER_EVENT_TYPES } });
  }
  if (opts.type.startsWith("promo.") && !opts.idempotencyKey) throw new AppError("validation_error", "Promo outcomes need an Idempotency-Key header");
  assertPayloadSize(opts.payload, SERVER_EVENT_PAYLOAD_MAX_BYTES);
  return ingest({ projectId: opts.projectId, externalUserId: opts.externalUserId, type: opts.type, payload: opts.payload, source: "server", subjectType: subjectOf(opts.externalUserId), sessionId: opts.sessionId ?? null, idempotencyKey: opts.idempotencyKey ?? null, requestId: opts.requestId });
}

/** Analytics-only events, idempotent on the required Idempotency-Key. */
export async function ingestBusinessEvent(opts: { key: TApiKeyPrincipal; projectId: string; externalUserId: string; type: string; payload: Record<string, unknown>; idempotencyKey: string }) {
  requireKeyProject(opts.key, opts.projectId);
  assertNamedPlayerId(opts.externalUserId, { anonymous: "allowed" });
  assertPayloadSize(opts.payload, SERVER_EVENT_PAYLOAD_MAX_BYTES);
  return ingest({ projectId: opts.projectId, externalUserId: opts.externalUserId, type: opts.type, payload: opts.payload, source: "business", subjectType: subjectOf(opts.externalUserId), idempotencyKey: opts.idempotencyKey });
}
