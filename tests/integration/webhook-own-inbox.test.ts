import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config, overrideConfig } from "@/server/config/env";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { client, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { createCampaign, deliveriesOf, rewardsProject, winLevel } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * The project's own test inbox works in every mode: a delivery or a test webhook to it is handed
 * over in process, never through the network rules meant for strangers' URLs — which stay as they
 * are for every other URL, the service's own other routes and another project's inbox included.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
const saved = { webhookAllowPrivateTargets: config().webhookAllowPrivateTargets, localMode: config().localMode };

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());
afterEach(() => overrideConfig(saved));

const inboxUrl = async (projectId: string) => (await call("GET", `/v1/admin/projects/${projectId}/webhooks/inbox`, { token: admin.token })).body.url as string;
const messages = async (projectId: string) => (await call("GET", `/v1/admin/projects/${projectId}/webhooks/inbox`, { token: admin.token })).body.messages as Array<Record<string, unknown>>;

describe("the project's own test inbox, on a deployment that refuses this machine", () => {
  it("takes a reward delivery and a test webhook in process, verified", async () => {
    const { projectId, key } = await rewardsProject(call, admin);
    await createCampaign(call, admin, projectId);
    const url = await inboxUrl(projectId);
    expect(new URL(url).hostname).toBe("localhost"); // this machine: the network rules would refuse it
    overrideConfig({ webhookAllowPrivateTargets: false, localMode: false });
    expect((await call("PATCH", `/v1/admin/projects/${projectId}/webhook-settings`, { token: admin.token, body: { webhook_url: url } })).body.delivery_targets).toBe("public");
    await winLevel(call, projectId, key);
    const [delivery] = await deliveriesOf(projectId);
    expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered", status: 200 });
    const test = await call("POST", `/v1/admin/projects/${projectId}/webhooks/test`, { token: admin.token, body: { webhook_url: url } });
    expect(test.body).toMatchObject({ status: 200, ok: true });
    const received = await messages(projectId);
    expect(received.map((m) => [m.verdict, (m.headers as Record<string, string>)["x-service-event"]]).sort()).toEqual([["verified", "reward.eligible"], ["verified", "webhook.test"]]);
  });

  it("is not a way through the network rules: another project's inbox and the service's other routes stay refused", async () => {
    const mine = await createProject(call, admin);
    const theirs = await createProject(call, admin);
    overrideConfig({ webhookAllowPrivateTargets: false, localMode: false });
    const send = (webhook_url: string) => call("POST", `/v1/admin/projects/${mine}/webhooks/test`, { token: admin.token, body: { webhook_url } });
    const other = await send(await inboxUrl(theirs));
    expect(other.body).toMatchObject({ code: "webhook_target_unreachable", reason: "blocked_address" });
    const own = new URL(await inboxUrl(mine));
    for (const url of [`${own.origin}/v1/health`, `${own.origin}${own.pathname}?x=1`, `http://127.0.0.1:${own.port || 80}${own.pathname}`]) {
      expect({ url, reason: (await send(url)).body.reason }).toEqual({ url, reason: "blocked_address" });
    }
    expect(await messages(theirs)).toEqual([]);
  });
});
