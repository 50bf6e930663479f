import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseFraudFlag } from "@/server/domain/trust/fraud/raise-flag";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { webhookSecret } from "@/server/domain/platform/webhooks/signature";
import { advanceClock, nowSeconds } from "@/server/lib/clock";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer } from "../helpers/play";
import { claimsOf, createCampaign, deliveriesOf, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";
import { attemptsOf, tOf, v1, v1sOf, wonDelivery } from "../helpers/webhooks";

/**
 * Signing at the attempt: the project's current secret version, a rotation re-signing what is
 * still queued, dual signatures through the 24 hours after a rotation, and the lifecycle events of
 * a held claim.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

const secretPath = (projectId: string, action: "reveal" | "rotate") => `/v1/admin/projects/${projectId}/webhook-secret/${action}`;
/** A reveal or rotate answer: the secret, its version, and the same secret as Standard Webhooks libraries take it. */
const secretOf = (secret: string, version: number) => ({ secret, version, standard_webhooks_key: `whsec_${Buffer.from(secret).toString("base64")}` });
const settingsPath = (projectId: string) => `/v1/admin/projects/${projectId}/webhook-settings`;

describe("secret versions", () => {
  it("reveal answers the current version's secret; rotate increments it; a queued delivery is re-signed with the new version at its next attempt", async () => {
    const rx = await startReceiver((n) => (n === 1 ? 500 : 200));
    try {
      const { projectId, delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const v1Secret = webhookSecret(projectId, 1);
      const revealed = await call("POST", secretPath(projectId, "reveal"), { token: admin.token });
      expect(revealed.body).toEqual(secretOf(v1Secret, 1));

      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "retry", status: 500 });
      const first = rx.received[0]!;
      const firstSig = first.headers["x-service-signature"] as string;
      expect(firstSig).toMatch(/^t=\d+,v=1,v1=[0-9a-f]{64}$/);
      expect(v1sOf(firstSig)).toEqual([v1(v1Secret, tOf(firstSig), first.body)]);

      const rotated = await call("POST", secretPath(projectId, "rotate"), { token: admin.token });
      expect(rotated.status).toBe(200);
      const v2Secret = webhookSecret(projectId, 2);
      expect(rotated.body).toEqual(secretOf(v2Secret, 2));
      expect(v2Secret).not.toBe(v1Secret);
      expect((await call("POST", secretPath(projectId, "reveal"), { token: admin.token })).body).toEqual(secretOf(v2Secret, 2));
      const settings = await call("GET", settingsPath(projectId), { token: admin.token });
      expect(settings.body).toMatchObject({ secret_version: 2, dual_signatures: false });
      expect(Date.parse(settings.body.previous_version_valid_until) - Date.parse(settings.body.secret_rotated_at)).toBe(24 * 3600_000);

      advanceClock(60_000);
      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered", attempt: 2 });
      const second = rx.received[1]!;
      const secondSig = second.headers["x-service-signature"] as string;
      expect(second.body).toBe(first.body); // the same bytes, signed afresh
      expect(secondSig).toMatch(/^t=\d+,v=2,v1=[0-9a-f]{64}$/); // dual signatures are off: one v1
      expect(tOf(secondSig)).toBeGreaterThanOrEqual(nowSeconds() - 5); // signed at the attempt, on the one clock
      expect(v1sOf(secondSig)).toEqual([v1(v2Secret, tOf(secondSig), second.body)]);
      expect((await attemptsOf(delivery.id)).map((a) => a.secret_version)).toEqual([1, 2]);

      // Every rotation moves one version on.
      expect((await call("POST", secretPath(projectId, "rotate"), { token: admin.token })).body).toEqual(secretOf(webhookSecret(projectId, 3), 3));
    } finally {
      await rx.close();
    }
  });

  it("with dual signatures on, a delivery in the 24 hours after a rotation carries the new and the previous version's v1, and only the new one after", async () => {
    const rx = await startReceiver((n) => (n < 3 ? 500 : 200));
    try {
      const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: rx.url });
      await createCampaign(call, admin, projectId);
      const patch = await call("PATCH", settingsPath(projectId), { token: admin.token, body: { dual_signatures: true } });
      expect(patch.body).toMatchObject({ dual_signatures: true, secret_version: 1 });
      expect((await call("POST", secretPath(projectId, "rotate"), { token: admin.token })).body.version).toBe(2);
      await winLevel(call, projectId, key);
      const [delivery] = await deliveriesOf(projectId);
      const [s2, s1] = [webhookSecret(projectId, 2), webhookSecret(projectId, 1)];
      const signaturesOf = (n: number) => {
        const r = rx.received[n]!;
        const sig = r.headers["x-service-signature"] as string;
        expect(sig.split(",").slice(0, 2)).toEqual([`t=${tOf(sig)}`, "v=2"]);
        return { sig, v1s: v1sOf(sig), expect2: v1(s2, tOf(sig), r.body), expect1: v1(s1, tOf(sig), r.body) };
      };

      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "retry" });
      const a = signaturesOf(0);
      expect(a.v1s).toEqual([a.expect2, a.expect1]); // current first, then the previous version's

      advanceClock(24 * 3600_000 - 120_000); // 2 minutes before the grace ends
      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "retry", attempt: 2 });
      const b = signaturesOf(1);
      expect(b.v1s).toEqual([b.expect2, b.expect1]);

      advanceClock(300_000); // the next retry, 3 minutes after the grace ended
      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered", attempt: 3 });
      const c = signaturesOf(2);
      expect(c.v1s).toEqual([c.expect2]);
      expect(c.sig).toBe(`t=${tOf(c.sig)},v=2,v1=${c.expect2}`);
    } finally {
      await rx.close();
    }
  });
});

describe("lifecycle events", () => {
  it("a held claim sends reward.held; releasing it sends reward.released, then reward.eligible", async () => {
    const rx = await startReceiver(() => 200);
    try {
      // Any risk holds (hold threshold 1), nothing short of 99 goes to review; one unresolved flag scores 20.
      const fraud = { thresholds: { hold: 1, review: 99, reject: 100 }, rules: { command_pace: { enabled: false } } };
      const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: rx.url, fraud });
      await createCampaign(call, admin, projectId);
      expect((await call("PATCH", settingsPath(projectId), { token: admin.token, body: { lifecycle_events: true } })).body.lifecycle_events).toBe(true);
      const player = await newPlayer(call, projectId, key);
      expect(await raiseFraudFlag({ projectId, externalUserId: player.externalUserId, kind: "manual_test" })).toBe(true);
      await winLevel(call, projectId, key, { player });

      const [claim] = await claimsOf(projectId);
      expect(claim).toMatchObject({ status: "held", risk_score: 20, decided_by: "gate" });
      expect(claim.risk_reasons).toEqual(["recent_flags"]);
      const held = await deliveriesOf(projectId);
      expect(held.map((d) => [d.kind, d.idempotency_key, d.status])).toEqual([["reward.held", `${claim.idempotency_key}:held`, "queued"]]);
      expect(await attemptDelivery(held[0].id)).toMatchObject({ outcome: "delivered" });

      const release = await call("POST", `/v1/admin/projects/${projectId}/reward-claims/${claim.id}/release`, { token: admin.token });
      expect(release.status).toBe(200);
      expect((await claimsOf(projectId))[0]).toMatchObject({ status: "deliverable", decided_by: `admin:${admin.accountId}` });
      const after = await deliveriesOf(projectId);
      const byKind = Object.fromEntries(after.map((d) => [d.kind, d]));
      expect(Object.keys(byKind).sort()).toEqual(["reward.eligible", "reward.held", "reward.released"]);
      expect(byKind["reward.released"]).toMatchObject({ idempotency_key: `${claim.idempotency_key}:released`, status: "queued", claim_id: claim.id });
      expect(byKind["reward.eligible"]).toMatchObject({ id: release.body.delivery_id, idempotency_key: claim.idempotency_key, status: "queued", claim_id: claim.id });
      // Released is written before eligible, in the release's transaction.
      expect(byKind["reward.released"].created_at.getTime()).toBeLessThanOrEqual(byKind["reward.eligible"].created_at.getTime());

      for (const kind of ["reward.released", "reward.eligible"]) expect(await attemptDelivery(byKind[kind].id)).toMatchObject({ outcome: "delivered" });
      expect(rx.received.map((r) => r.headers["x-service-event"])).toEqual(["reward.held", "reward.released", "reward.eligible"]);
      for (const r of rx.received) {
        const body = JSON.parse(r.body);
        expect(body).toMatchObject({ event: r.headers["x-service-event"], claim_id: claim.id, external_user_id: player.externalUserId });
        expect(r.headers["x-legacy-idempotency-key"]).toBe(body.idempotency_key);
        const sig = r.headers["x-service-signature"] as string;
        expect(v1sOf(sig)).toEqual([v1(webhookSecret(projectId, 1), tOf(sig), r.body)]);
      }
    } finally {
      await rx.close();
    }
  });
});
