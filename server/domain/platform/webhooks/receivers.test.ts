import { execFileSync, spawnSync } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { safeRequest } from "@/server/lib/outbound";
import { signatureHeader } from "./signature";

/**
 * The receiver examples we hand to integrators must accept exactly what the platform signs:
 * both are run against headers made by signatureHeader.
 */
const DOCS = fileURLToPath(new URL("../../../../docs/webhooks/", import.meta.url));

type TNodeExample = {
  verify: (rawBody: Buffer | string, header: string | undefined, secrets: string | string[], nowSeconds?: number) => boolean;
  createReceiver: (secrets: string | string[], onReward?: (event: unknown) => void | Promise<void>) => Server;
};
let example: TNodeExample;
beforeAll(async () => {
  // A computed specifier: the example is plain JavaScript for integrators, without typings.
  example = (await import(pathToFileURL(path.join(DOCS, "verify-node.mjs")).href)) as TNodeExample;
});

const NOW = 1_750_000_000;
const CURRENT = "whsec_current_secret_for_examples";
const PREVIOUS = "whsec_previous_secret_for_examples";
const BODY = Buffer.from('{"idempotency_key":"claim_42","reward":{"label":"Café ☕ 10 %"}}', "utf8");

type TVector = { name: string; body: Buffer; header: string; secret: string | string[]; expected: boolean };

function vectors(): TVector[] {
  const sign = (t: number, secrets: string[], version = 2) => signatureHeader({ t, version, body: BODY, secrets });
  const valid = sign(NOW, [CURRENT]);
  const dual = sign(NOW, [CURRENT, PREVIOUS]);
  const tampered = Buffer.from(BODY);
  tampered.writeUInt8(tampered.readUInt8(5) ^ 0x20, 5);
  return [
    { name: "valid", body: BODY, header: valid, secret: CURRENT, expected: true },
    { name: "wrong secret", body: BODY, header: valid, secret: PREVIOUS, expected: false },
    { name: "tampered body", body: tampered, header: valid, secret: CURRENT, expected: false },
    { name: "stale", body: BODY, header: sign(NOW - 301, [CURRENT]), secret: CURRENT, expected: false },
    { name: "edge of window", body: BODY, header: sign(NOW - 300, [CURRENT]), secret: CURRENT, expected: true },
    { name: "future", body: BODY, header: sign(NOW + 301, [CURRENT]), secret: CURRENT, expected: false },
    { name: "dual, current secret", body: BODY, header: dual, secret: CURRENT, expected: true },
    { name: "dual, previous secret", body: BODY, header: dual, secret: PREVIOUS, expected: true },
    { name: "dual, other secret", body: BODY, header: dual, secret: "whsec_someone_else", expected: false },
    { name: "junk then valid", body: BODY, header: valid.replace("v1=", "v1=junk,v1="), secret: CURRENT, expected: true },
    { name: "only junk", body: BODY, header: `t=${NOW},v=2,v1=junk`, secret: CURRENT, expected: false },
    { name: "absent v", body: BODY, header: sign(NOW, [CURRENT], 1).replace(",v=1", ""), secret: CURRENT, expected: true },
    { name: "missing t", body: BODY, header: valid.replace(`t=${NOW},`, ""), secret: CURRENT, expected: false },
    { name: "upper-case v1", body: BODY, header: valid.replace(/v1=([0-9a-f]+)/, (_m, hex: string) => `v1=${hex.toUpperCase()}`), secret: CURRENT, expected: false },
    { name: "list: both secrets, single signature", body: BODY, header: valid, secret: [PREVIOUS, CURRENT], expected: true },
    { name: "list: previous secret, dual signature", body: BODY, header: dual, secret: [PREVIOUS], expected: true },
    { name: "list: neither secret", body: BODY, header: dual, secret: ["whsec_someone_else", "whsec_another"], expected: false },
    { name: "list: empty", body: BODY, header: valid, secret: [], expected: false },
  ];
}

describe("docs/webhooks/verify-node.mjs", () => {
  it.each(vectors().map((v) => [v.name, v] as const))("%s", (_name, v) => {
    expect(example.verify(v.body, v.header, v.secret, NOW)).toBe(v.expected);
  });

  it("refuses a missing header", () => {
    expect(example.verify(BODY, undefined, CURRENT, NOW)).toBe(false);
  });

  it("serves: a signed delivery is credited once, a retry is a 2xx duplicate, a forgery is 401", async () => {
    const rewards: unknown[] = [];
    // Mid-rotation: the receiver holds the previous secret and the current one.
    const server = example.createReceiver([PREVIOUS, CURRENT], (event) => {
      rewards.push(event);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/playloop`;
    try {
      const reward = Buffer.from('{"event":"reward.eligible","idempotency_key":"claim_42","reward":{"label":"Café ☕ 10 %"}}', "utf8");
      const deliver = (header: string) =>
        safeRequest(url, {
          headers: { "content-type": "application/json", "X-Service-Signature": header, "X-Legacy-Signature": header, "X-Legacy-Idempotency-Key": "claim_42" },
          body: reward,
          allowPrivate: true,
        });
      const t = Math.floor(Date.now() / 1000);
      const header = signatureHeader({ t, version: 2, body: reward, secrets: [CURRENT, PREVIOUS] });
      const first = await deliver(header);
      const granted = JSON.parse(first.bodyExcerpt) as { grant_id: string };
      expect([first.status, granted]).toEqual([200, { grant_id: expect.stringMatching(/^grant_/), duplicate: false }]);
      const retry = await deliver(header);
      expect([retry.status, JSON.parse(retry.bodyExcerpt)]).toEqual([200, { grant_id: granted.grant_id, duplicate: true }]);
      const forged = await deliver(signatureHeader({ t, version: 2, body: reward, secrets: ["whsec_guessed"] }));
      expect(forged.status).toBe(401);
      expect(rewards).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

const hasPython = spawnSync("python3", ["--version"]).status === 0;

describe.skipIf(!hasPython)("docs/webhooks/verify-python.py", () => {
  it("agrees with every vector", () => {
    // The example has a hyphen in its name, so it is loaded by path rather than imported.
    const script = [
      "import base64, importlib.util, json, sys",
      "spec = importlib.util.spec_from_file_location('receiver', sys.argv[1])",
      "mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)",
      "cases = json.load(sys.stdin)",
      "print(json.dumps([mod.verify(base64.b64decode(c['body']), c['header'], c['secret'], c['now']) for c in cases]))",
    ].join("\n");
    const cases = vectors();
    const input = JSON.stringify(cases.map((v) => ({ body: v.body.toString("base64"), header: v.header, secret: v.secret, now: NOW })));
    const output = execFileSync("python3", ["-c", script, path.join(DOCS, "verify-python.py")], { input, encoding: "utf8" });
    const results = JSON.parse(output) as boolean[];
    expect(Object.fromEntries(cases.map((v, i) => [v.name, results[i]]))).toEqual(Object.fromEntries(cases.map((v) => [v.name, v.expected])));
  });
});
