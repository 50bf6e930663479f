import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock } from "@/server/lib/clock";
import { client, newVerifiedSession, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer } from "../helpers/play";
import { claimsOf, createCampaign, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";
import { driveToDead, wonDelivery } from "../helpers/webhooks";

/**
 * Global search and notifications see the admin's own projects only. Both accounts own the same
 * kinds of real objects — a campaign with the same name, players with the same id prefix, a won
 * run and a claim waiting for review — so a missing ownership bound would show the other's.
 */
let server: TTestServer;
let call: TCall;
type TWorld = { admin: TAdmin; projectId: string; campaignId: string; player: string; runId: string; claimId: string };
let alice: TWorld;
let mallory: TWorld;
const tag = randomUUID().slice(0, 6);

async function world(): Promise<TWorld> {
  const admin = await verifiedAdmin(call);
  const { projectId, key } = await rewardsProject(call, admin);
  const campaign = await createCampaign(call, admin, projectId, { name: `Summer sale ${tag}` });
  const player = await newPlayer(call, projectId, key, `shared-${tag}-${randomUUID().slice(0, 4)}`);
  // A watched player's win waits for the admin's review.
  const put = await call("PUT", `/v1/admin/projects/${projectId}/players/${player.externalUserId}/fraud`, { token: admin.token, body: { state: "watch", reason: "test" } });
  if (put.status !== 200) throw new Error(put.text);
  const win = await winLevel(call, projectId, key, { player });
  const claim = (await claimsOf(projectId)).find((c) => c.run_id === win.runId)!;
  if (claim.status !== "review") throw new Error(`claim is ${claim.status}`);
  return { admin, projectId, campaignId: campaign.campaign_id, player: player.externalUserId, runId: win.runId, claimId: claim.id };
}

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  [alice, mallory] = await Promise.all([world(), world()]);
}, 120_000);
afterAll(() => server.close());

const search = (w: TWorld, q: string, projectId?: string) =>
  call("GET", `/v1/admin/search?${new URLSearchParams({ q, ...(projectId ? { project_id: projectId } : {}) })}`, { token: w.admin.token });

describe("GET /v1/admin/search", () => {
  it("finds the admin's own players, campaigns, runs and claims with their console links", async () => {
    const base = `/projects/${alice.projectId}`;
    const players = await search(alice, `shared-${tag}`);
    expect(players.status).toBe(200);
    expect(players.body.results).toEqual([
      { kind: "player", id: alice.player, label: alice.player, project_id: alice.projectId, project_name: "Test shop", href: `${base}/players/${alice.player}` },
    ]);
    const campaigns = (await search(alice, `summer SALE ${tag}`)).body.results;
    expect(campaigns).toEqual([expect.objectContaining({ kind: "campaign", id: alice.campaignId, href: `${base}/campaigns` })]);
    expect(campaigns[0].label).toContain(`Summer sale ${tag}`);
    const run = (await search(alice, alice.runId)).body.results;
    expect(run).toEqual([expect.objectContaining({ kind: "run", id: alice.runId, href: `${base}/players/${alice.player}?run=${alice.runId}` })]);
    const claim = (await search(alice, alice.claimId.slice(0, 8).toUpperCase())).body.results;
    expect(claim).toContainEqual(expect.objectContaining({ kind: "claim", id: alice.claimId, href: `${base}/claims` }));
    // Scoped to one project.
    expect((await search(alice, `shared-${tag}`, alice.projectId)).body.results).toHaveLength(1);
  });

  it("never returns another account's objects, whatever the query", async () => {
    for (const q of [`shared-${tag}`, "shared", `Summer sale ${tag}`, "Summer", mallory.player, mallory.runId, mallory.claimId, mallory.campaignId, mallory.runId.slice(0, 8), mallory.claimId.slice(0, 8), "%", "_"]) {
      const res = await search(alice, q);
      expect(res.status, q).toBe(200);
      const text = JSON.stringify(res.body);
      for (const foreign of [mallory.projectId, mallory.player, mallory.runId, mallory.claimId, mallory.campaignId]) expect(text, q).not.toContain(foreign);
    }
    // And the other way round, so the bound is not an accident of one side's data.
    expect((await search(mallory, `shared-${tag}`)).body.results.map((r: { id: string }) => r.id)).toEqual([mallory.player]);
  });

  it("treats LIKE wildcards literally", async () => {
    expect((await search(alice, "%")).body.results).toEqual([]);
    expect((await search(alice, `shared_${tag}`)).body.results).toEqual([]);
  });

  it("validates q and answers 404 for a foreign project_id", async () => {
    for (const q of ["", "   ", "x".repeat(101)]) {
      const res = await search(alice, q);
      expect(res.status, JSON.stringify(q)).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
    expect((await call("GET", "/v1/admin/search", { token: alice.admin.token })).status).toBe(422);
    for (const projectId of [mallory.projectId, "00000000-0000-4000-8000-000000000000"]) {
      const res = await search(alice, `shared-${tag}`, projectId);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });
});

describe("GET /v1/admin/notifications", () => {
  it("tells the owner about claims waiting for review, with a link, and nothing of other accounts", async () => {
    const res = await call("GET", "/v1/admin/notifications", { token: alice.admin.token });
    expect(res.status).toBe(200);
    const review = res.body.notifications.find((n: { kind: string }) => n.kind === "claims_review");
    expect(review).toMatchObject({ id: `claims_review:${alice.projectId}`, severity: "warning", project_id: alice.projectId, count: 1, href: `/projects/${alice.projectId}/claims` });
    expect(review.body).toContain("1 reward claim need");
    for (const n of res.body.notifications) expect([alice.projectId, null]).toContain(n.project_id);
    expect(JSON.stringify(res.body)).not.toContain(mallory.projectId);
    // One project.
    const scoped = await call("GET", `/v1/admin/notifications?project_id=${alice.projectId}`, { token: alice.admin.token });
    expect(scoped.body.notifications.map((n: { id: string }) => n.id)).toContain(`claims_review:${alice.projectId}`);
  });

  it("drops a notification once its cause is dealt with", async () => {
    const reject = await call("POST", `/v1/admin/projects/${alice.projectId}/reward-claims/${alice.claimId}/reject`, { token: alice.admin.token, headers: { origin: "http://localhost:3000" }, body: { reason: "test" } });
    expect(reject.status, reject.text).toBe(200);
    const res = await call("GET", `/v1/admin/notifications?project_id=${alice.projectId}`, { token: alice.admin.token });
    expect(res.body.notifications.map((n: { kind: string }) => n.kind)).not.toContain("claims_review");
    // Mallory's is untouched.
    const other = await call("GET", "/v1/admin/notifications", { token: mallory.admin.token });
    expect(other.body.notifications.map((n: { id: string }) => n.id)).toContain(`claims_review:${mallory.projectId}`);
  });

  it("answers 404 for another account's project and 401 without a credential", async () => {
    for (const projectId of [mallory.projectId, "00000000-0000-4000-8000-000000000000"]) {
      const res = await call("GET", `/v1/admin/notifications?project_id=${projectId}`, { token: alice.admin.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await call("GET", "/v1/admin/notifications")).status).toBe(401);
    expect((await call("GET", `/v1/admin/search?q=x`)).status).toBe(401);
  });

  it("reports reward webhooks that exhausted their retries, for a week", async () => {
    const rx = await startReceiver(() => 500);
    try {
      const won = await wonDelivery(call, alice.admin, { webhookUrl: rx.url });
      await driveToDead(won.delivery.id);
      const token = await newVerifiedSession(call, alice.admin); // about 32 hours later
      const res = await call("GET", `/v1/admin/notifications?project_id=${won.projectId}`, { token });
      expect(res.body.notifications[0]).toMatchObject({ id: `webhooks_dead:${won.projectId}`, kind: "webhooks_dead", severity: "critical", count: 1, href: `/projects/${won.projectId}/webhooks` });
      advanceClock(8 * 24 * 3600 * 1000);
      const later = await call("GET", `/v1/admin/notifications?project_id=${won.projectId}`, { token: await newVerifiedSession(call, alice.admin) });
      expect(later.body.notifications.map((n: { kind: string }) => n.kind)).not.toContain("webhooks_dead");
    } finally {
      await rx.close();
    }
  });
});
