import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { addressHashes } from "@/server/domain/trust/fraud/address-keys";
import { deleteStaleAddressPlayers } from "@/server/domain/trust/fraud/admin";
import { SAME_ADDRESS_COUNT_CAP, sharedAddressRule } from "@/server/domain/trust/fraud/rules/shared-address";
import { playerFacts } from "@/server/domain/trust/fraud/signals";
import { advanceClock } from "@/server/lib/clock";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, startRun } from "../helpers/play";
import { claimsOf, createCampaign, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";

/** The fraud gate's shared-address signal: who counts as one address (IPv4, an IPv6 /64), over what window, up to what cap. */
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

describe("the shared-address signal", () => {
  // Only this rule decides here: scripted wins are not held for their pace.
  const ADDRESS_RULES = { rules: { command_pace: { enabled: false }, shared_address: { players: 3, players_high: 100 } } };
  const SHARED = "198.51.100.7";

  it("counts the distinct players who started runs from the claim's address in 24 hours, each once", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: ADDRESS_RULES });
    await createCampaign(call, admin, projectId);
    const onShared = async () => ({ ...(await newPlayer(call, projectId, key)), ip: SHARED });
    // Two players start from the shared address, the first three times: two players, not four runs.
    const first = await onShared();
    for (let i = 0; i < 3; i++) expect((await startRun(call, first, { replace_active: true })).status).toBeLessThan(300);
    expect((await startRun(call, await onShared())).status).toBeLessThan(300);
    // The third player there is held; a player elsewhere is not.
    const third = await winLevel(call, projectId, key, { player: await onShared() });
    const elsewhere = await winLevel(call, projectId, key);
    const byUser = Object.fromEntries((await claimsOf(projectId)).map((c) => [c.external_user_id, c]));
    expect(byUser[third.player.externalUserId]).toMatchObject({ status: "held", risk_reasons: ["shared_address"] });
    expect(byUser[elsewhere.player.externalUserId]).toMatchObject({ status: "deliverable", risk_score: 0 });
    const flag = (await pool().query("SELECT details FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2", [projectId, third.player.externalUserId])).rows[0];
    expect(flag.details).toMatchObject({ players_24h: 3, counted_up_to: 100 });
    // A day later the earlier starts are out of the window: a new player there counts alone.
    advanceClock(24 * 3600_000 + 60_000);
    const later = await winLevel(call, projectId, key, { player: await onShared() });
    const claim = (await claimsOf(projectId)).find((c) => c.external_user_id === later.player.externalUserId);
    expect(claim).toMatchObject({ status: "deliverable", risk_score: 0 });
  });

  it("counts one IPv6 /64 as one address, whichever of its addresses each player used", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: ADDRESS_RULES });
    await createCampaign(call, admin, projectId);
    const at = async (ip: string) => ({ ...(await newPlayer(call, projectId, key)), ip });
    // Three players, each on an address of its own inside 2001:db8:77:1::/64 (privacy extensions).
    expect((await startRun(call, await at("2001:db8:77:1::a"))).status).toBeLessThan(300);
    expect((await startRun(call, await at("2001:db8:77:1:ffff:ffff:ffff:fffe"))).status).toBeLessThan(300);
    const third = await winLevel(call, projectId, key, { player: await at("2001:db8:77:1:1234::c") });
    // The next /64 is another subscriber.
    const neighbour = await winLevel(call, projectId, key, { player: await at("2001:db8:77:2::c") });
    const byUser = Object.fromEntries((await claimsOf(projectId)).map((c) => [c.external_user_id, c]));
    expect(byUser[third.player.externalUserId]).toMatchObject({ status: "held", risk_score: 30, risk_reasons: ["shared_address"] });
    expect(byUser[neighbour.player.externalUserId]).toMatchObject({ status: "deliverable", risk_score: 0 });
    const flag = (await pool().query("SELECT details FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2", [projectId, third.player.externalUserId])).rows[0];
    expect(flag.details).toMatchObject({ players_24h: 3 });
    // The network is what is kept: the full addresses are not, not even as the old per-address hash.
    const runs = (await pool().query("SELECT DISTINCT client_ip_hash FROM game_run WHERE project_id = $1 AND external_user_id <> $2", [projectId, neighbour.player.externalUserId])).rows;
    expect(runs).toEqual([{ client_ip_hash: addressHashes("2001:db8:77:1::1").network }]);
  });

  it("for a day, also counts the players recorded under a full IPv6 address's hash before network counting", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url, fraud: ADDRESS_RULES });
    await createCampaign(call, admin, projectId);
    const ip = "2001:db8:88:1::42";
    const old = addressHashes(ip).address!;
    const winner = { ...(await newPlayer(call, projectId, key)), ip };
    // Rollup rows as the start wrote them before migration 0023: two other players and the winner
    // itself under the full address's hash (the winner counts once).
    await pool().query(
      `INSERT INTO address_player (project_id, client_ip_hash, external_user_id, last_started_at)
       SELECT $1, $2, u, now() - interval '1 hour' FROM unnest($3::text[]) u`,
      [projectId, old, ["before-a", "before-b", winner.externalUserId]],
    );
    const win = await winLevel(call, projectId, key, { player: winner });
    const claim = (await claimsOf(projectId)).find((c) => c.external_user_id === win.player.externalUserId);
    expect(claim).toMatchObject({ status: "held", risk_reasons: ["shared_address"] });
    const flag = (await pool().query("SELECT details FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2", [projectId, winner.externalUserId])).rows[0];
    expect(flag.details).toMatchObject({ players_24h: 3 });
  });

  it("counts up to the rule's higher threshold (none while it is off, never past the cap), and the retention job deletes rows two days old only", async () => {
    const { projectId, key } = await rewardsProject(call, admin);
    const player = await newPlayer(call, projectId, key);
    const at = new Date();
    await pool().query(
      `INSERT INTO address_player (project_id, client_ip_hash, external_user_id, last_started_at)
       SELECT $1, 'hash-busy', 'p' || g, $2::timestamptz - (g % 2) * interval '25 hours' FROM generate_series(1, 2 * $3::int + 10) g`,
      [projectId, at, SAME_ADDRESS_COUNT_CAP],
    );
    const facts = (hash: string) => withTransaction((tx) => playerFacts(tx, { projectId, externalUserId: player.externalUserId, address: { network: hash, address: null }, at }));
    const rulesUrl = `/v1/admin/projects/${projectId}/fraud-rules`;
    const rules = async (shared_address: Record<string, unknown>) => {
      const put = await call("PUT", rulesUrl, { token: admin.token, body: { rules: { command_pace: { enabled: false }, shared_address } } });
      expect(put.status).toBe(200);
    };
    // Half the rows are 25 hours old: 1 005 players in the window. With the rule's defaults they
    // are counted up to its higher threshold: a larger count decides nothing more.
    const defaults = sharedAddressRule.config.parse({});
    expect((await facts("hash-busy")).playersSameAddress24h).toBe(defaults.players_high);
    expect((await facts("hash-quiet")).playersSameAddress24h).toBe(0);
    await rules({ players: 40, players_high: 60 });
    expect((await facts("hash-busy")).playersSameAddress24h).toBe(60);
    // Thresholds out of order (the higher one is the first's): counted up to the larger.
    await rules({ players: 300, players_high: 200 });
    expect((await facts("hash-busy")).playersSameAddress24h).toBe(300);
    await rules({ players_high: SAME_ADDRESS_COUNT_CAP });
    expect((await facts("hash-busy")).playersSameAddress24h).toBe(SAME_ADDRESS_COUNT_CAP);
    // Off: nothing is counted.
    await rules({ enabled: false, players_high: SAME_ADDRESS_COUNT_CAP });
    expect((await facts("hash-busy")).playersSameAddress24h).toBe(0);
    // A stored setting the API never writes (not a number): the rule's default, as the gate reads it.
    await pool().query(`UPDATE project SET fraud_config = '{"rules":{"shared_address":{"players_high":"500","enabled":"no"}}}' WHERE id = $1`, [projectId]);
    expect((await facts("hash-busy")).playersSameAddress24h).toBe(defaults.players_high);
    await rules({});
    // A threshold above the cap could never fire: the configuration refuses it.
    const before = (await call("GET", rulesUrl, { token: admin.token })).body;
    const put = await call("PUT", rulesUrl, { token: admin.token, body: { rules: { shared_address: { players_high: SAME_ADDRESS_COUNT_CAP + 1 } } } });
    expect(put.status).toBe(422);
    expect(put.body.issues).toEqual([{ path: "rules.shared_address.players_high", message: expect.stringContaining("1000") }]);
    expect((await call("GET", rulesUrl, { token: admin.token })).body).toEqual(before);
    advanceClock(2 * 86_400_000 - 25 * 3600_000 + 60_000);
    expect(await deleteStaleAddressPlayers()).toBeGreaterThanOrEqual(SAME_ADDRESS_COUNT_CAP + 5);
    const left = (await pool().query("SELECT count(*)::int AS n, min(last_started_at) AS oldest FROM address_player WHERE project_id = $1", [projectId])).rows[0];
    expect(left.n).toBe(SAME_ADDRESS_COUNT_CAP + 5);
    expect(left.oldest.getTime()).toBe(at.getTime());
  });
});
