import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { verify as nodeVerify } from "@/docs/webhooks/verify-node.mjs";
import { signatureHeader, signPayload, verifySignatureHeader } from "./signature";

/**
 * docs/webhooks/vectors.json is the conformance test we hand to integrators: fixed bodies, headers
 * (made once by signatureHeader), secrets held and clocks, each with the answer every verifier must
 * give. The platform and the three verifiers in docs/webhooks must all give exactly those answers.
 */
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const DOCS = path.join(ROOT, "docs/webhooks");

type TCase = { name: string; secrets: string[]; body: string; header: string | null; now: number; valid: boolean; why: string };
const VECTORS = JSON.parse(readFileSync(path.join(DOCS, "vectors.json"), "utf8")) as { scheme: string; tolerance_seconds: number; cases: TCase[] };
const CASES = VECTORS.cases;

/** Results keyed by case name, so a failure names the cases that disagree. */
const byName = (results: readonly boolean[]) => Object.fromEntries(CASES.map((c, i) => [c.name, results[i]]));
const EXPECTED = byName(CASES.map((c) => c.valid));

const installed = (command: string) => spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;
/** CI installs every interpreter (.ci/run), so there a missing one fails instead of skipping. */
const CI = Boolean(process.env.CI);

describe("docs/webhooks/vectors.json", () => {
  it("is well formed: the scheme, a 300 s tolerance, uniquely named cases of both outcomes", () => {
    expect([VECTORS.scheme, VECTORS.tolerance_seconds]).toEqual(["X-Service-Signature", 300]);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
    for (const c of CASES) {
      expect(c, c.name).toEqual({
        name: expect.any(String),
        secrets: expect.any(Array),
        body: expect.any(String),
        header: c.header === null ? null : expect.any(String),
        now: expect.any(Number),
        valid: expect.any(Boolean),
        why: expect.any(String),
      });
      for (const secret of c.secrets) expect(secret, c.name).toMatch(/^whsec_[0-9a-f]{64}$/);
    }
    expect(CASES.filter((c) => c.valid).length).toBeGreaterThanOrEqual(8);
    expect(CASES.filter((c) => !c.valid).length).toBeGreaterThanOrEqual(8);
  });
});

describe("the platform's signer and verifier (signature.ts)", () => {
  it("verifySignatureHeader, given each secret the case holds, agrees with every vector", () => {
    const results = CASES.map((c) =>
      c.secrets.some((secret) => verifySignatureHeader({ header: c.header, rawBody: Buffer.from(c.body, "utf8"), secretFor: () => secret, nowSeconds: c.now }).ok),
    );
    expect(byName(results)).toEqual(EXPECTED);
  });

  it("signatureHeader reproduces the generated headers", () => {
    const one = CASES.find((c) => c.name === "valid, one secret")!;
    expect(signatureHeader({ t: one.now, version: 1, body: one.body, secrets: one.secrets })).toBe(one.header);
    // The rotation header: the current secret's v1, then the previous one's.
    const both = CASES.find((c) => c.name === "rotation: receiver holds both secrets")!;
    expect(signatureHeader({ t: both.now, version: 2, body: both.body, secrets: both.secrets })).toBe(both.header);
  });

  it("signPayload made the matching v1 of every valid vector", () => {
    for (const c of CASES.filter((v) => v.valid)) {
      const parts = c.header!.split(",").map((p) => p.split("=").map((s) => s.trim()));
      const t = Number(parts.find(([k]) => k === "t")![1]);
      const v1s = parts.filter(([k]) => k === "v1").map(([, v]) => v);
      expect(
        c.secrets.some((secret) => v1s.includes(signPayload(secret, t, Buffer.from(c.body, "utf8")))),
        c.name,
      ).toBe(true);
    }
  });
});

describe("docs/webhooks/verify-node.mjs", () => {
  it("agrees with every vector", () => {
    const results = CASES.map((c) => nodeVerify(Buffer.from(c.body, "utf8"), c.header, c.secrets, c.now));
    expect(byName(results)).toEqual(EXPECTED);
  });

  it("still takes a single secret as a string", () => {
    const results = CASES.map((c) => c.secrets.some((secret) => nodeVerify(c.body, c.header, secret, c.now)));
    expect(byName(results)).toEqual(EXPECTED);
  });
});

/** Runs `args` once with every case on stdin (JSON), and reads one boolean per case from stdout. */
function runAll(command: string, args: string[]): boolean[] {
  const output = execFileSync(command, args, { input: JSON.stringify(CASES), encoding: "utf8" });
  const results = JSON.parse(output) as unknown;
  expect(Array.isArray(results) && results.length === CASES.length && results.every((r) => typeof r === "boolean"), output).toBe(true);
  return results as boolean[];
}

const hasPython = installed("python3");
describe.skipIf(!hasPython && !CI)("docs/webhooks/verify-python.py", () => {
  it("agrees with every vector, and with a single secret as a string", () => {
    expect(hasPython, "python3 is missing; CI must install it").toBe(true);
    // The example has a hyphen in its name, so it is loaded by path rather than imported.
    const script = [
      "import importlib.util, json, sys",
      "spec = importlib.util.spec_from_file_location('receiver', sys.argv[1])",
      "mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)",
      "cases = json.load(sys.stdin.buffer)",
      "single = sys.argv[2] == 'single'",
      "def check(c):",
      "    body = c['body'].encode('utf-8')",
      "    if single: return any(mod.verify(body, c['header'], s, c['now']) for s in c['secrets'])",
      "    return mod.verify(body, c['header'], c['secrets'], c['now'])",
      "print(json.dumps([check(c) for c in cases]))",
    ].join("\n");
    const file = path.join(DOCS, "verify-python.py");
    expect(byName(runAll("python3", ["-c", script, file, "list"]))).toEqual(EXPECTED);
    expect(byName(runAll("python3", ["-c", script, file, "single"]))).toEqual(EXPECTED);
  });
});

const hasPhp = installed("php");
describe.skipIf(!hasPhp && !CI)("docs/webhooks/verify-php.php", () => {
  it("agrees with every vector, and with a single secret as a string", () => {
    expect(hasPhp, "php is missing; CI installs php-cli (.ci/run)").toBe(true);
    const script = [
      "require $argv[1];",
      "$cases = json_decode(file_get_contents('php://stdin'), true, 512, JSON_THROW_ON_ERROR);",
      "$single = $argv[2] === 'single';",
      "echo json_encode(array_map(function ($c) use ($single) {",
      "    if (!$single) return playloop_verify($c['body'], $c['header'], $c['secrets'], $c['now']);",
      "    foreach ($c['secrets'] as $s) if (playloop_verify($c['body'], $c['header'], $s, $c['now'])) return true;",
      "    return false;",
      "}, $cases));",
    ].join("\n");
    const file = path.join(DOCS, "verify-php.php");
    expect(byName(runAll("php", ["-r", script, file, "list"]))).toEqual(EXPECTED);
    expect(byName(runAll("php", ["-r", script, file, "single"]))).toEqual(EXPECTED);
  });
});

describe("docs/integrate/verify-webhooks.md", () => {
  it("shows each verifier's function exactly as its file has it", () => {
    const page = readFileSync(path.join(ROOT, "docs/integrate/verify-webhooks.md"), "utf8");
    const files = { js: "verify-node.mjs", python: "verify-python.py", php: "verify-php.php" } as const;
    for (const [lang, file] of Object.entries(files)) {
      const blocks = [...page.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
      const source = readFileSync(path.join(DOCS, file), "utf8");
      const fn = blocks.find((b) => /^(export function verify|def verify|function playloop_verify)\(/m.test(b));
      expect(fn, `a ${lang} block with the verify function`).toBeDefined();
      expect(source.includes(fn!), `the ${lang} block is ${file}'s function, verbatim`).toBe(true);
    }
  });
});
