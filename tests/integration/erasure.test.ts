import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { subjectHash } from "@/server/domain/identity/players/anonymise";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { fullProject, scanDatabase, seedFullPlayer } from "../helpers/players";
import { startReceiver } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";
import { untilBlockedBy, waitersOf } from "../helpers/locks";

/**
 * GDPR erasure: complete (a scan of every text column of every table finds the id nowhere),
 * anonymising what must be kept (claims, deliveries: the queued one is sent with the hash),
 * atomic (a failure mid-way leaves everything as it was) and idempotent.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const erase = (projectId: string, id: string) => call("DELETE", `/v1/admin/projects/${projectId}/players/${encodeURIComponent(id)}/data`, { token: admin.token });

/** Every table the erasure deletes from; each must have had rows of the seeded player. */
const DELETED = [
  "game_command", "level_result", "game_run", "address_player", "player_progress", "level_progress", "progress_snapshot", "player_event", "fraud_flag",
  "player_fraud_status", "experiment_cohort", "player_balance", "ledger_entry", "economy_operation", "effect_token", "wheel_player",
];

describe("DELETE /v1/admin/projects/{project_id}/players/{external_user_id}/data", () => {
  it("leaves no trace of the player in any table, anonymises claims and deliveries, and spares the other player", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `gdpr-subject-${randomUUID()}`;
    const other = `gdpr-bystander-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    await seedFullPlayer(call, admin, p, other);

    const before = await scanDatabase(subject);
    // The seed reaches every kind of row the erasure knows about (and the kept records).
    for (const t of [...DELETED.filter((t) => t !== "game_command"), "reward_claim", "webhook_delivery", "wheel_spin"]) expect(Object.keys(before).some((k) => k.startsWith(`public.${t}.`)), t).toBe(true);
    // the winning command's X-Request-Id named the player, and its delivery carries it
    expect(Object.keys(before)).toContain("public.webhook_delivery.request_id");
    const [delivery] = (await pool().query("SELECT id, status FROM webhook_delivery WHERE project_id = $1 AND payload->>'external_user_id' = $2", [p.projectId, subject])).rows;
    expect(delivery.status).toBe("queued");
    // What an admin's rejection and the command's Idempotency-Key may say of the player (the
    // claim's columns as the API writes them: a free-text reason, a key the id is part of).
    await pool().query("UPDATE reward_claim SET reject_reason = $2, client_idempotency_key = $3 WHERE project_id = $1 AND external_user_id = $4", [p.projectId, `dupe of ${subject}, see ticket`, `${subject}-win-3`, subject]);
    const otherBefore = await scanDatabase(other);

    const spinsBefore = (await pool().query("SELECT count(*)::int AS n FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2", [p.projectId, subject])).rows[0].n;
    expect(spinsBefore).toBeGreaterThan(0);
    // A site may name its spins' source after the player (the API takes any short lowercase word).
    await pool().query("UPDATE wheel_spin SET source = $3 WHERE project_id = $1 AND external_user_id = $2", [p.projectId, subject, subject]);
    const outcomesBefore = (await pool().query("SELECT spin_id, outcome FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2 ORDER BY spin_id", [p.projectId, subject])).rows;
    const res = await erase(p.projectId, subject);
    expect(res.status).toBe(200);
    const hash = subjectHash(p.projectId, subject);
    expect(res.body).toMatchObject({ status: "erased", subject_hash: hash, anonymised: { reward_claims: 1, webhook_deliveries: 1, wheel_spins: spinsBefore } });
    for (const t of DELETED) expect(res.body.tables[t], t).toBeGreaterThan(0);

    // The whole database: no text, varchar or json column of any table names the player.
    expect(await scanDatabase(subject)).toEqual({});
    expect(await scanDatabase(other)).toEqual(otherBefore);

    // Kept, under the hash: the claim and its delivery, whose status is untouched.
    const [claim] = (await pool().query("SELECT external_user_id, idempotency_key FROM reward_claim WHERE project_id = $1 AND external_user_id LIKE 'erased_%'", [p.projectId])).rows;
    expect(claim.external_user_id).toBe(`erased_${hash}`);
    expect(claim.idempotency_key).toContain(`:erased_${hash}`);
    const kept = (await pool().query("SELECT status, payload, idempotency_key FROM webhook_delivery WHERE id = $1", [delivery.id])).rows[0];
    expect(kept.status).toBe("queued");
    expect(kept.payload.external_user_id).toBe(`erased_${hash}`);
    expect(kept.payload.idempotency_key).toBe(claim.idempotency_key);

    // Kept, under the hash: the wheel's spins, so its statistics still agree with the budget it spent.
    const keptSpins = (await pool().query("SELECT count(*)::int AS n FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2", [p.projectId, `erased_${hash}`])).rows[0].n;
    expect(keptSpins).toBe(spinsBefore);
    // Their outcome is the wheel's configuration, kept as it was; the source that named the player is not.
    const keptRows = (await pool().query("SELECT spin_id, outcome, source FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2 ORDER BY spin_id", [p.projectId, `erased_${hash}`])).rows;
    expect(keptRows.map((r) => ({ spin_id: r.spin_id, outcome: r.outcome }))).toEqual(outcomesBefore);
    expect(keptRows.map((r) => r.source)).toEqual(keptRows.map(() => "erased"));

    // The audit entry holds the hash only.
    const audit = (await pool().query("SELECT target_id, metadata FROM audit_log WHERE project_id = $1 AND action = 'players.erased'", [p.projectId])).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0].target_id).toBe(hash);
    expect(audit[0].metadata.subject_hash).toBe(hash);

    // The queued delivery goes out with the anonymous id (the sender reads the row).
    const sentBefore = receiver.received.length;
    expect((await attemptDelivery(delivery.id)).outcome).toBe("delivered");
    const sent = receiver.received.slice(sentBefore).find((r) => r.headers["x-service-delivery-id"] === delivery.id)!;
    expect(JSON.parse(sent.body).external_user_id).toBe(`erased_${hash}`);
    expect(sent.body).not.toContain(subject);
    expect(sent.headers["x-legacy-idempotency-key"]).toBe(claim.idempotency_key);

    // The player is gone from the admin views too.
    expect((await call("GET", `/v1/admin/projects/${p.projectId}/players/${subject}/runs`, { token: admin.token })).status).toBe(404);
    expect((await call("GET", `/v1/admin/projects/${p.projectId}/players/${other}/runs`, { token: admin.token })).body.runs).toHaveLength(1);
  });

  it("keeps none of a receiver's answer that echoes the id when the player is erased while the request is out", async () => {
    // The receiver holds the player's delivery until the erasure is done, then answers with the body it got.
    let holdFor = "\u0000";
    let release: () => void = () => {};
    const released = new Promise<void>((r) => (release = r));
    const echo = await startReceiver(async (_n, r) => {
      if (r.body.includes(holdFor)) await released;
      return { status: 200, body: `received ${r.body}` };
    });
    try {
      const p = await fullProject(call, admin, echo.url);
      const subject = `gdpr-hook-in-flight-${randomUUID()}`;
      await seedFullPlayer(call, admin, p, subject);
      const [delivery] = (await pool().query("SELECT id FROM webhook_delivery WHERE project_id = $1 AND payload->>'external_user_id' = $2", [p.projectId, subject])).rows;
      holdFor = subject;
      const seen = echo.received.length;
      const sending = attemptDelivery(delivery.id);
      await echo.waitFor(seen + 1);
      expect((await erase(p.projectId, subject)).body.status).toBe("erased");
      release();
      expect((await sending).outcome).toBe("delivered");
      // the attempt is in the history, without the answer that named the player
      const [attempt] = (await pool().query("SELECT http_status, response_excerpt FROM webhook_attempt WHERE delivery_id = $1", [delivery.id])).rows;
      expect(attempt).toEqual({ http_status: 200, response_excerpt: null });
      expect(await scanDatabase(subject)).toEqual({});
    } finally {
      release();
      await echo.close();
    }
  });

  it("keeps no test-inbox message of a delivery handed over in process while the player was being erased", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const inbox = (await call("GET", `/v1/admin/projects/${p.projectId}/webhooks/inbox`, { token: admin.token })).body.url as string;
    expect((await call("PATCH", `/v1/admin/projects/${p.projectId}/webhook-settings`, { token: admin.token, body: { webhook_url: inbox } })).status).toBe(200);
    const subject = `gdpr-own-inbox-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    const [delivery] = (await pool().query("SELECT id, idempotency_key FROM webhook_delivery WHERE project_id = $1 AND payload->>'external_user_id' = $2", [p.projectId, subject])).rows;
    // The inbox's write waits on the lock it takes per idempotency key, held here: the erasure runs
    // and finds no message, then the message (with the body as sent) is written after it.
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`inbox:${p.projectId}:${delivery.idempotency_key}`]);
      const sending = attemptDelivery(delivery.id);
      await untilBlockedBy(holder, "the inbox's write");
      expect((await erase(p.projectId, subject)).body.status).toBe("erased");
      await holder.query("COMMIT");
      expect((await sending).outcome).toBe("delivered");
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      holder.release();
    }
    expect(await scanDatabase(subject)).toEqual({});
  });

  it("takes the claims before the cohort rows, as a claim decision does: an erasure and a release at the same moment both complete", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `gdpr-release-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    // the player's claim falls after their exposure (so a status change touches the cohort row) and is held
    await pool().query("UPDATE experiment_cohort SET first_exposed_at = first_exposed_at - interval '1 day' WHERE project_id = $1 AND external_user_id = $2", [p.projectId, subject]);
    const [claim] = (await pool().query("UPDATE reward_claim SET status = 'held' WHERE project_id = $1 AND external_user_id = $2 RETURNING id", [p.projectId, subject])).rows;
    // a release as the admin route and the release job do it: lock the claim, then change its status
    const release = await pool().connect();
    try {
      await release.query("BEGIN");
      await release.query("SELECT id FROM reward_claim WHERE id = $1 FOR UPDATE", [claim.id]);
      const erasing = erase(p.projectId, subject);
      await untilBlockedBy(release, "the claim"); // the erasure
      // (had it deleted the cohort rows first, this update's trigger would wait for them: a deadlock)
      await release.query("UPDATE reward_claim SET status = 'deliverable' WHERE id = $1", [claim.id]);
      await release.query("COMMIT");
      const res = await erasing;
      expect(res.status).toBe(200);
      expect(res.body.anonymised.reward_claims).toBe(1);
    } finally {
      await release.query("ROLLBACK").catch(() => {});
      release.release();
    }
    expect(await scanDatabase(subject)).toEqual({});
    expect((await pool().query("SELECT status FROM reward_claim WHERE id = $1", [claim.id])).rows[0].status).toBe("deliverable");
  });

  it("keeps under the hash a claim that a move in flight commits while the erasure waits for it", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `gdpr-late-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    // A winning move holds the player's track progress (as a locked command takes it) ...
    const move = await pool().connect();
    try {
      await move.query("BEGIN");
      await move.query("SELECT 1 FROM player_progress WHERE project_id = $1 AND external_user_id = $2 FOR UPDATE", [p.projectId, subject]);
      const erasing = erase(p.projectId, subject);
      await untilBlockedBy(move, "the move"); // the erasure
      // ... and commits its claim and the claim's delivery (copies of the player's first, under new keys)
      // after the erasure's first look at the claims.
      await move.query("CREATE TEMP TABLE late_claim ON COMMIT DROP AS SELECT * FROM reward_claim WHERE project_id = $1 AND external_user_id = $2 LIMIT 1", [p.projectId, subject]);
      await move.query("CREATE TEMP TABLE late_delivery ON COMMIT DROP AS SELECT d.* FROM webhook_delivery d JOIN late_claim c ON d.claim_id = c.id LIMIT 1");
      await move.query("UPDATE late_claim SET id = gen_random_uuid(), idempotency_key = idempotency_key || ':late'");
      await move.query("UPDATE late_delivery d SET id = gen_random_uuid(), claim_id = c.id, idempotency_key = c.idempotency_key, payload = d.payload || jsonb_build_object('idempotency_key', c.idempotency_key) FROM late_claim c");
      await move.query("INSERT INTO reward_claim SELECT * FROM late_claim");
      await move.query("INSERT INTO webhook_delivery SELECT * FROM late_delivery");
      await move.query("COMMIT");
      const res = await erasing;
      expect(res.status).toBe(200);
      expect(res.body.anonymised).toMatchObject({ reward_claims: 2, webhook_deliveries: 2 });
    } finally {
      await move.query("ROLLBACK").catch(() => {});
      move.release();
    }
    // Nowhere in the database, the late claim and its queued delivery included.
    expect(await scanDatabase(subject)).toEqual({});
    const hash = subjectHash(p.projectId, subject);
    const late = (await pool().query("SELECT c.external_user_id, d.payload->>'external_user_id' AS sent_as FROM reward_claim c JOIN webhook_delivery d ON d.claim_id = c.id WHERE c.project_id = $1 AND c.idempotency_key LIKE '%:late'", [p.projectId])).rows;
    expect(late).toEqual([{ external_user_id: `erased_${hash}`, sent_as: `erased_${hash}` }]);
  });

  it("an event in flight when the erasure starts is erased with the rest, never committed behind it", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `gdpr-event-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    // A server event held inside its transaction while the erasure starts: another transaction
    // holds its Idempotency-Key's row in player_event_key (which the event's insert claims after
    // the player's data lock), then gives it up, so the event records itself.
    const key = `promo-${randomUUID()}`;
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query("INSERT INTO player_event_key (project_id, source, idempotency_key, external_user_id, created_at) VALUES ($1, 'server', $2, 'someone-else', now())", [p.projectId, key]);
      const event = call("POST", "/v1/server/events", { token: p.grantKey, headers: { "idempotency-key": key }, body: { project_id: p.projectId, external_user_id: subject, type: "promo.issued", payload: { code: "SAVE10" } } });
      const [eventPid] = await waitersOf(holder, "the event waits on its Idempotency-Key's row");
      const erasing = erase(p.projectId, subject);
      await untilBlockedBy(eventPid!, "the erasure waits for the event's transaction");
      await holder.query("ROLLBACK");
      expect((await event).status).toBe(200);
      expect((await erasing).status).toBe(200);
    } finally {
      holder.release();
    }
    expect(await scanDatabase(subject)).toEqual({});
  });

  it("rewrites only the player's own deliveries: another player's that holds the id as a word is untouched", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const bystander = `gdpr-bystander-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, bystander);
    const read = async () => (await pool().query("SELECT id, payload, idempotency_key FROM webhook_delivery WHERE project_id = $1 ORDER BY id", [p.projectId])).rows;
    const before = await read();
    expect(before.length).toBeGreaterThan(0);
    // a player whose id is a word every delivery's payload holds (its event's name)
    expect(before[0].payload.event).toBe("reward.eligible");
    expect((await erase(p.projectId, "reward.eligible")).status).toBe(200);
    expect(await read()).toEqual(before);
  });

  it("rewrites only what is the player's: another player's inbox messages, notifications and audit entries that hold the id as a word are untouched", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const inbox = (await call("GET", `/v1/admin/projects/${p.projectId}/webhooks/inbox`, { token: admin.token })).body.url as string;
    expect((await call("PATCH", `/v1/admin/projects/${p.projectId}/webhook-settings`, { token: admin.token, body: { webhook_url: inbox } })).status).toBe(200);
    const bystander = `gdpr-words-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, bystander);
    const [delivery] = (await pool().query("SELECT id FROM webhook_delivery WHERE project_id = $1 AND payload->>'external_user_id' = $2", [p.projectId, bystander])).rows;
    expect((await attemptDelivery(delivery.id)).outcome).toBe("delivered");
    // a message no delivery accounts for (anything posted to the inbox) that names the player
    expect((await call("POST", new URL(inbox).pathname, { body: { note: `hello ${bystander}` } })).status).toBe(401);
    const read = async () => ({
      inbox: (await pool().query("SELECT id, body, headers, idempotency_key FROM webhook_inbox_message WHERE project_id = $1 ORDER BY id", [p.projectId])).rows,
      notifications: (await pool().query("SELECT id, external_user_id, payload FROM notification WHERE project_id = $1 ORDER BY id", [p.projectId])).rows,
      audit: (await pool().query("SELECT id, target_id, metadata FROM audit_log WHERE project_id = $1 AND action <> 'players.erased' ORDER BY id", [p.projectId])).rows,
    });
    const before = await read();
    // each word is in the bystander's rows: the delivery's event, the claim's reward type, the fraud status an admin set
    expect(before.inbox.find((m) => m.headers["x-service-delivery-id"] === delivery.id).body).toContain('"reward.eligible"');
    expect(before.notifications.map((n) => n.payload.reward_type)).toEqual(["promo_code"]);
    expect(before.audit.find((a) => a.metadata.state === "watch").target_id).toBe(bystander);
    for (const word of ["reward.eligible", "promo_code", "watch"]) expect((await erase(p.projectId, word)).status).toBe(200);
    expect(await read()).toEqual(before);
    // and the bystander's own erasure still reaches all of them, the unattributed message included
    expect((await erase(p.projectId, bystander)).status).toBe(200);
    expect(await scanDatabase(bystander)).toEqual({});
  });

  it("is idempotent: a second erasure answers a summary with zero rows", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `gdpr-twice-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    expect((await erase(p.projectId, subject)).status).toBe(200);
    const again = await erase(p.projectId, subject);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("erased");
    expect(Object.values(again.body.tables).every((n) => n === 0)).toBe(true);
    expect(Object.values(again.body.anonymised).every((n) => n === 0)).toBe(true);
  });

  it("is atomic: a failure on one table's delete mid-way leaves every row as it was and enqueues nothing", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `gdpr-atomic-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    const before = await scanDatabase(subject);
    const fn = `erasure_fail_${randomUUID().replaceAll("-", "")}`;
    // wheel_player is deleted last: every other delete has run when this one raises.
    await pool().query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await pool().query(`CREATE TRIGGER ${fn} BEFORE DELETE ON wheel_player FOR EACH ROW WHEN (OLD.project_id = '${p.projectId}') EXECUTE FUNCTION ${fn}()`);
    try {
      const res = await erase(p.projectId, subject);
      expect(res.status).toBe(500);
    } finally {
      await pool().query(`DROP TRIGGER ${fn} ON wheel_player`);
      await pool().query(`DROP FUNCTION ${fn}()`);
    }
    expect(await scanDatabase(subject)).toEqual(before);
    const hash = subjectHash(p.projectId, subject);
    const jobs = await pool().query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'players.erase-hot-storage' AND data->>'subject_hash' = $1", [hash]);
    expect(jobs.rows[0].n).toBe(0);
    expect((await pool().query("SELECT count(*)::int AS n FROM audit_log WHERE target_id = $1", [hash])).rows[0].n).toBe(0);
    // And with the failure gone, the same erasure completes.
    expect((await erase(p.projectId, subject)).body.status).toBe("erased");
    expect(await scanDatabase(subject)).toEqual({});
  });
});
