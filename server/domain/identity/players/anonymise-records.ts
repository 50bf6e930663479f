import type { TTx } from "@/server/db/tx";
import { hmacHex } from "@/server/lib/crypto";
import type { makeAnonymiser } from "./anonymise";

type TAnonymiser = ReturnType<typeof makeAnonymiser>;

/** Writes many rows' new values in one statement: `sql` reads them from `jsonb_to_recordset($1)` as `x`. */
async function updateRows(tx: TTx, rows: object[], sql: string, extra: unknown[] = []): Promise<void> {
  if (rows.length > 0) await tx.query(sql, [JSON.stringify(rows), ...extra]);
}

/**
 * A test-inbox message the erasure may rewrite (or delete, when its body is kept as base64): one of
 * the player's own deliveries (`$3`, by its X-Service-Delivery-Id), or one no delivery of the
 * project accounts for (a console test, a receiver check, anything else posted to the inbox), which
 * only a text search can attribute. Another player's delivery is never touched, whatever words it
 * shares with the id.
 */
const PLAYERS_INBOX_MESSAGE = `(m.headers->>'x-service-delivery-id' = ANY($3::text[])
            OR NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.project_id = $1
                              AND d.id = CASE WHEN m.headers->>'x-service-delivery-id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                              THEN (m.headers->>'x-service-delivery-id')::uuid END))`;

/**
 * The records kept after an erasure, with the player id replaced by the keyed hash everywhere it
 * appears: reward claims (the id, their idempotency keys, the client's key), the payload, key and
 * error of their webhook deliveries (status, attempts and schedule untouched, so a queued delivery
 * is sent with the anonymous id: the sender reads the payload from the row at each attempt), the
 * response excerpts of their attempts, test-inbox messages that received them, the admin
 * notifications of their claims, wheel spins, and the audit entries about the player, their claims
 * and their deliveries. Each kind is chosen by what ties it to the player, never by a search for the
 * id's text (which found other players' rows that merely share a word with it: erasing player
 * `reward.eligible` renamed every delivery's event) — but the test inbox's unattributed messages,
 * which nothing else ties to anyone. Rows are locked while they are rewritten.
 */
export async function anonymiseKeptRecords(tx: TTx, opts: { projectId: string; externalUserId: string; replacement: string; anonymiser: TAnonymiser }) {
  const { projectId, externalUserId: id, anonymiser: a } = opts;
  const claims = (
    await tx.query<{ id: string; idempotency_key: string; client_idempotency_key: string | null; risk_reasons: unknown; reject_reason: string | null }>(
      "SELECT id, idempotency_key, client_idempotency_key, risk_reasons, reject_reason FROM reward_claim WHERE project_id = $1 AND external_user_id = $2 ORDER BY id FOR UPDATE",
      [projectId, id],
    )
  ).rows;
  await updateRows(
    tx,
    // The client's Idempotency-Key is the caller's own string (`alice-win-3`): one that contains
    // the id is dropped, as a request id is below. An admin's reject reason is free text.
    claims.map((c) => ({
      id: c.id,
      k: a.inString(c.idempotency_key),
      ck: c.client_idempotency_key?.includes(id) ? null : c.client_idempotency_key,
      rr: a.inJson(c.risk_reasons),
      rj: c.reject_reason === null ? null : a.inText(c.reject_reason),
    })),
    `UPDATE reward_claim c SET external_user_id = $2, idempotency_key = x.k, client_idempotency_key = x.ck, risk_reasons = x.rr, reject_reason = x.rj
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, k text, ck text, rr jsonb, rj text) WHERE c.id = x.id`,
    [opts.replacement],
  );
  const claimIds = claims.map((c) => c.id);

  // The player's deliveries: their claims', and any without a claim made out to them. Never chosen
  // by a text search: the id rewritten as a token in another player's delivery would corrupt it
  // (erasing player `reward.eligible` renamed every queued delivery's event).
  const deliveries = (
    await tx.query<{ id: string; payload: unknown; idempotency_key: string; last_error: string | null; request_id: string | null }>(
      `SELECT id, payload, idempotency_key, last_error, request_id FROM webhook_delivery
        WHERE project_id = $1 AND (claim_id = ANY($2::uuid[]) OR (claim_id IS NULL AND payload->>'external_user_id' = $3)) ORDER BY id FOR UPDATE`,
      [projectId, claimIds, id],
    )
  ).rows;
  await updateRows(
    tx,
    // The request id is the caller's X-Request-Id when it sent one (request-id.ts): a site may build
    // it from the player's id in any way (`req-<player>`), so one that contains the id is dropped.
    deliveries.map((d) => ({ id: d.id, p: a.inJson(d.payload), k: a.inString(d.idempotency_key), e: d.last_error === null ? null : a.inText(d.last_error), r: d.request_id?.includes(id) ? null : d.request_id })),
    `UPDATE webhook_delivery d SET payload = x.p, idempotency_key = x.k, last_error = x.e, request_id = x.r
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, p jsonb, k text, e text, r text) WHERE d.id = x.id`,
  );
  const deliveryIds = deliveries.map((d) => d.id);

  const attempts = (
    await tx.query<{ id: string; error: string | null; response_excerpt: string | null }>(
      `SELECT id, error, response_excerpt FROM webhook_attempt
        WHERE delivery_id = ANY($1::uuid[]) AND (strpos(response_excerpt, $2) > 0 OR strpos(error, $2) > 0) ORDER BY id FOR UPDATE`,
      [deliveryIds, id],
    )
  ).rows;
  await updateRows(
    tx,
    attempts.map((t) => ({ id: t.id, e: t.error === null ? null : a.inText(t.error), r: t.response_excerpt === null ? null : a.inText(t.response_excerpt) })),
    "UPDATE webhook_attempt w SET error = x.e, response_excerpt = x.r FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, e text, r text) WHERE w.id = x.id",
  );

  const inbox = (
    await tx.query<{ id: string; body: string; headers: unknown; idempotency_key: string | null }>(
      `SELECT id, body, headers, idempotency_key FROM webhook_inbox_message m
        WHERE project_id = $1 AND body_encoding = 'utf8' AND (strpos(body, $2) > 0 OR strpos(headers::text, $2) > 0 OR strpos(idempotency_key, $2) > 0)
          AND ${PLAYERS_INBOX_MESSAGE} ORDER BY id FOR UPDATE`,
      [projectId, id, deliveryIds],
    )
  ).rows;
  await updateRows(
    tx,
    inbox.map((m) => ({ id: m.id, b: a.inText(m.body), h: a.inJson(m.headers), k: m.idempotency_key === null ? null : a.inString(m.idempotency_key) })),
    "UPDATE webhook_inbox_message m SET body = x.b, headers = x.h, idempotency_key = x.k FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, b text, h jsonb, k text) WHERE m.id = x.id",
  );

  // A body kept as base64 (bytes text cannot hold) is not rewritten byte by byte: a test message
  // that names the player that way is deleted instead.
  const binaryInbox = await tx.query(
    `DELETE FROM webhook_inbox_message m WHERE project_id = $1 AND body_encoding = 'base64'
        AND (position(convert_to($2, 'UTF8') IN decode(body, 'base64')) > 0 OR strpos(headers::text, $2) > 0 OR strpos(idempotency_key, $2) > 0)
        AND ${PLAYERS_INBOX_MESSAGE}`,
    [projectId, id, deliveryIds],
  );

  const notifications = (
    await tx.query<{ id: string; external_user_id: string | null; payload: unknown }>(
      `SELECT id, external_user_id, payload FROM notification
        WHERE project_id = $1 AND (external_user_id = $2 OR claim_id = ANY($3::uuid[])) ORDER BY id FOR UPDATE`,
      [projectId, id, claimIds],
    )
  ).rows;
  await updateRows(
    tx,
    notifications.map((n) => ({ id: n.id, u: n.external_user_id === null ? null : a.inString(n.external_user_id), p: a.inJson(n.payload) })),
    "UPDATE notification n SET external_user_id = x.u, payload = x.p FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, u text, p jsonb) WHERE n.id = x.id",
  );

  // Wheel spins are kept as claims are: each is a prize paid from the wheel's budgets, whose spend
  // (wheel_day, the wheel's total) stays counted, so the wheel's statistics keep agreeing with it.
  // The row's id goes. Its outcome is the admin's configuration (segment, label, award), never the
  // player's, and is kept as it is (a label "10 coins" must not become "erased_… coins" for player
  // `10`). Its `source` is the site's word (`lobby`); one that contains the id, in any case, is
  // replaced, and the request hash made from it is keyed so it cannot be recomputed from a guess.
  const spins = (
    await tx.query<{ spin_id: string; source: string; request_hash: string }>(
      "SELECT spin_id, source, request_hash FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2 ORDER BY spin_id FOR UPDATE",
      [projectId, id],
    )
  ).rows;
  if (spins.length > 0) {
    const lower = id.toLowerCase();
    const rows = JSON.stringify(
      spins.map((r) => (r.source.toLowerCase().includes(lower) ? { s: r.spin_id, src: "erased", h: hmacHex("erasure", r.request_hash) } : { s: r.spin_id, src: r.source, h: r.request_hash })),
    );
    // A player erased before, back under the same id with a spin id of then: the older kept copy gives way.
    await tx.query("DELETE FROM wheel_spin w USING jsonb_to_recordset($1::jsonb) AS x(s uuid) WHERE w.project_id = $2 AND w.external_user_id = $3 AND w.spin_id = x.s", [rows, projectId, opts.replacement]);
    await tx.query(
      "UPDATE wheel_spin w SET external_user_id = $3, source = x.src, request_hash = x.h FROM jsonb_to_recordset($1::jsonb) AS x(s uuid, src text, h text) WHERE w.project_id = $2 AND w.external_user_id = $4 AND w.spin_id = x.s",
      [rows, projectId, opts.replacement, id],
    );
  }

  const audit = (
    await tx.query<{ id: string; target_id: string | null; metadata: unknown }>(
      `SELECT id, target_id, metadata FROM audit_log
        WHERE project_id = $1 AND ((target_type = 'player' AND target_id = $2) OR (target_type = 'reward_claim' AND target_id = ANY($3::text[]))
                                   OR (target_type = 'webhook_delivery' AND target_id = ANY($4::text[])))
        ORDER BY id FOR UPDATE`,
      [projectId, id, claimIds, deliveryIds],
    )
  ).rows;
  await updateRows(
    tx,
    audit.map((r) => ({ id: r.id, t: r.target_id === null ? null : a.inString(r.target_id), m: a.inJson(r.metadata) })),
    "UPDATE audit_log l SET target_id = x.t, metadata = x.m FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, t text, m jsonb) WHERE l.id = x.id",
  );

  return {
    reward_claims: claims.length,
    webhook_deliveries: deliveries.length,
    webhook_attempts: attempts.length,
    webhook_inbox_messages: inbox.length + (binaryInbox.rowCount ?? 0),
    notifications: notifications.length,
    wheel_spins: spins.length,
    audit_log: audit.length,
  };
}
