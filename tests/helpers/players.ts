import { randomUUID } from "node:crypto";
import { pool } from "@/server/db/client";
import { raiseFraudFlag } from "@/server/domain/trust/fraud/raise-flag";
import { API_ORIGIN, newPlayer, type TPlayer } from "./play";
import { createApiKey, type TAdmin, type TCall } from "./api";
import { createCampaign, rewardsProject, winLevel } from "./rewards";
import { publishDraft, spin, TEST_SEGMENTS } from "./wheel";

/**
 * A rewards project (queued webhook deliveries to `webhookUrl`), a campaign, a published wheel and
 * A/B exposure, with a key that can issue sessions, write events and grant.
 */
export async function fullProject(call: TCall, admin: TAdmin, webhookUrl: string) {
  const { projectId, key } = await rewardsProject(call, admin, { webhookUrl });
  await createCampaign(call, admin, projectId);
  const patch = await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { exposure_mode: "ab_test" } });
  if (patch.status !== 200) throw new Error(`exposure ${patch.status} ${patch.text}`);
  const wheel = await publishDraft(call, admin, projectId, { segments: TEST_SEGMENTS, free_spins_per_day: 1, max_spins_per_day: 3, ticket_cost: 1 });
  const grantKey = await createApiKey(call, admin, projectId, ["session:issue", "events:write", "economy:grant"]);
  return { projectId, key, grantKey, wheelVersion: wheel.version };
}

const ok = (what: string, res: { status: number; text: string }) => {
  if (res.status !== 200) throw new Error(`${what} ${res.status} ${res.text}`);
};

/**
 * A player with rows in every table that can name one: a won run (commands, level result,
 * progress, a reward claim and its queued delivery), a streak, events, a spend (balance, ledger,
 * effect token, idempotency row), a grant, a wheel spin and seed, an exposure cohort, a fraud flag
 * and a manual fraud status.
 */
export async function seedFullPlayer(call: TCall, admin: TAdmin, p: Awaited<ReturnType<typeof fullProject>>, externalUserId: string): Promise<{ player: TPlayer; runId: string }> {
  const player = await newPlayer(call, p.projectId, p.key, externalUserId);
  ok("session start", await call("POST", "/v1/events", { token: player.token, ip: player.ip, headers: { origin: API_ORIGIN }, body: { type: "play.session_start", payload: { note: `hello ${externalUserId}` } } }));
  // the winning command names the player in its request id, as a site may (it follows the claim into its delivery)
  const won = await winLevel(call, p.projectId, p.key, { player, requestId: `site-req-${externalUserId}` });
  ok("spend", await call("POST", "/v1/economy/spend", { token: player.token, ip: player.ip, body: { booster_id: "gem_shuffle", idempotency_key: randomUUID() } }));
  ok("grant", await call("POST", "/v1/economy/grant", { token: p.grantKey, body: { project_id: p.projectId, external_user_id: externalUserId, resource_id: "coins", amount: 5, idempotency_key: `grant-${externalUserId}-1` } }));
  ok("spin", await spin(call, player, { wheel_version: p.wheelVersion }));
  ok("exposure", await call("GET", `/v1/widget/exposure?project_id=${p.projectId}`, { token: player.token, ip: player.ip }));
  ok("lobby", await call("GET", "/v1/lobby", { token: player.token, ip: player.ip, headers: { origin: API_ORIGIN } }));
  await raiseFraudFlag({ projectId: p.projectId, externalUserId, kind: "rate_exceeded", details: { who: externalUserId } });
  ok("fraud status", await call("PUT", `/v1/admin/projects/${p.projectId}/players/${encodeURIComponent(externalUserId)}/fraud`, { token: admin.token, body: { state: "watch", reason: `checking ${externalUserId}` } }));
  return { player, runId: won.runId };
}

/** Every text-like column of every table in the application's and the job queue's schemas. */
async function textColumns() {
  return (
    await pool().query<{ table_schema: string; table_name: string; column_name: string }>(
      `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema IN ('public', 'pgboss')
          AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR c.udt_name IN ('_text', '_varchar'))
        ORDER BY 1, 2, 3`,
    )
  ).rows;
}

/** Rows per `schema.table.column` whose text contains `needle` (only columns with hits). */
export async function scanDatabase(needle: string): Promise<Record<string, number>> {
  const hits: Record<string, number> = {};
  for (const c of await textColumns()) {
    const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "${c.table_schema}"."${c.table_name}" WHERE strpos("${c.column_name}"::text, $1) > 0`, [needle]);
    if (rows[0]!.n > 0) hits[`${c.table_schema}.${c.table_name}.${c.column_name}`] = rows[0]!.n;
  }
  return hits;
}
