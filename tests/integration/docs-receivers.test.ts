import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deliveryHeaders } from "@/server/domain/platform/webhooks/delivery-headers";
import { webhookSecret } from "@/server/domain/platform/webhooks/signature";
import { nowSeconds } from "@/server/lib/clock";
import { createProject } from "../helpers/api";
import { freePorts } from "../helpers/ports";
import { serverSuite } from "../helpers/suite";

/**
 * The complete receivers of docs/webhooks (Node and Python), run as the docs say
 * (`WEBHOOK_SECRET=… PORT=… node verify-node.mjs`): they pass the receiver check, and they grant
 * a reward once — never on a test delivery (the check's, the console's) or a lifecycle event.
 */
const ROOT = path.resolve(__dirname, "../..");
const s = serverSuite();
const hasPython = !!process.env.CI || (() => {
  try {
    return execFileSync("sh", ["-c", "command -v python3"]).length > 0;
  } catch {
    return false;
  }
})();

type TRunning = { child: ChildProcessWithoutNullStreams; lines: string[]; url: string; until: (text: string) => Promise<void> };

async function start(cmd: string[], secret: string): Promise<TRunning> {
  const [port] = await freePorts(1);
  const child = spawn(cmd[0]!, cmd.slice(1), { cwd: ROOT, env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) } });
  const lines: string[] = [];
  const waiting: Array<{ text: string; done: () => void }> = [];
  let buffered = "";
  child.stdout.on("data", (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    lines.push(...parts);
    for (const w of waiting.splice(0)) (lines.some((l) => l.includes(w.text)) ? w.done() : waiting.push(w));
  });
  const until = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (lines.some((l) => l.includes(text))) return resolve();
      waiting.push({ text, done: resolve });
      child.once("exit", (c) => reject(new Error(`receiver exited ${c} before printing ${text}`)));
    });
  await until("listening");
  return { child, lines, url: `http://127.0.0.1:${port}/webhooks/playloop`, until };
}

/** A delivery signed as the platform signs one (the project's current secret, version 1). */
async function deliver(url: string, projectId: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const headers = deliveryHeaders({
    deliveryId: crypto.randomUUID(), kind: String(body.event), idempotencyKey: String(body.idempotency_key), body: raw, t: nowSeconds(),
    version: 1, secrets: [webhookSecret(projectId, 1)], standard: false, test: body.test === true,
  });
  const res = await fetch(url, { method: "POST", headers, body: raw });
  return { status: res.status, body: (await res.json()) as { grant_id?: string; duplicate?: boolean } };
}

const RECEIVERS = [
  { name: "Node", cmd: [process.execPath, "docs/webhooks/verify-node.mjs"], run: true },
  { name: "Python", cmd: ["python3", "docs/webhooks/verify-python.py"], run: hasPython },
];

describe("the docs' complete webhook receivers", () => {
  for (const r of RECEIVERS) {
    it.runIf(r.run)(`${r.name}: passes the receiver check and grants a reward once, never on a test or a lifecycle event`, { timeout: 60_000 }, async () => {
      const projectId = await createProject(s.call, s.admin);
      const { secret } = (await s.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/reveal`, { token: s.admin.token })).body;
      const rx = await start(r.cmd, secret);
      try {
        const check = await s.call("POST", `/v1/admin/projects/${projectId}/webhooks/receiver-check`, { token: s.admin.token, body: { url: rx.url } });
        expect(check.body.checks.map((c: { name: string; result: string }) => `${c.name}:${c.result}`)).toEqual([
          "accepts_valid:pass", "idempotent_redelivery:pass", "rejects_tampered_body:pass", "rejects_stale_timestamp:pass",
          "rejects_unknown_secret:pass", "accepts_previous_secret:skipped", "responds_quickly:pass",
        ]);
        const reward = { event: "reward.eligible", payload_version: 2, project_id: projectId, external_user_id: "u-1", idempotency_key: "docs-rx-k1" };
        const first = await deliver(rx.url, projectId, reward);
        expect(first).toMatchObject({ status: 200, body: { duplicate: false } });
        expect(await deliver(rx.url, projectId, reward)).toEqual({ status: 200, body: { grant_id: first.body.grant_id, duplicate: true } });
        expect((await deliver(rx.url, projectId, { ...reward, event: "reward.held", idempotency_key: "docs-rx-k1:held" })).status).toBe(200);
        expect((await deliver(rx.url, projectId, { ...reward, event: "webhook.test", test: true, idempotency_key: "docs-rx-k2" })).status).toBe(200);
        expect((await deliver(rx.url, projectId, { ...reward, test: true, idempotency_key: "docs-rx-k3" })).status).toBe(200);
        // The output is in order: once the last reward's line is there, every earlier one is too.
        await deliver(rx.url, projectId, { ...reward, idempotency_key: "docs-rx-last" });
        await rx.until("docs-rx-last");
        // (each grant prints the event, over several lines in Node's case: its keys say which)
        expect(rx.lines.join("\n").match(/docs-rx-[a-z0-9:]+/g)).toEqual(["docs-rx-k1", "docs-rx-last"]);
      } finally {
        rx.child.kill();
      }
    });
  }
});
