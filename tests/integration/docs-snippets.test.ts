import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/server/config/env";
import { standardWebhooksKey } from "@/server/domain/platform/webhooks/standard-webhooks";
import { webhookSecret } from "@/server/domain/platform/webhooks/signature";
import { createApiKey, randomIp } from "../helpers/api";
import { markdownFiles } from "../helpers/markdown";
import { rewardsProject } from "../helpers/rewards";
import { serverSuite } from "../helpers/suite";

/**
 * Every shell and Node snippet of the docs runs here, in file order, against the real service:
 * a fresh project in rewards mode, an API key with every scope, a verified player `user-42`, and
 * the project's test inbox as the receiver. Snippets name these the way the docs tell readers to
 * set them (PLAYLOOP_URL, PROJECT_ID, PLAYLOOP_API_KEY, ADMIN_TOKEN, PLAYER_TOKEN, RECEIVER_URL,
 * PLAYLOOP_WEBHOOK_SECRET, …). `curl` fails on any non-2xx answer, so a snippet whose route, field
 * or credential drifted turns this red. Blocks that start or install the service (npm start,
 * npm install, …) are run by the quickstart and CI themselves and are the only ones left out.
 */
const ROOT = path.resolve(__dirname, "../..");
const s = serverSuite();
const run = promisify(execFile);

type TBlock = { file: string; line: number; lang: string; flags: string[]; code: string };

/** Commands other tests run (the quickstart walk, CI itself): a block containing one is not run here. */
const RUN_ELSEWHERE = /(^|\s)(npm (start|test|ci|install)\b|npm run (example:shop|build|web|worker|db:migrate|admin:create)\b)/m;

function blocksOf(file: string): TBlock[] {
  const lines = readFileSync(file, "utf8").split("\n");
  const out: TBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)?\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
    out.push({ file: path.relative(ROOT, file), line: start + 1, lang: open[1] ?? "", flags: (open[2] ?? "").split(/\s+/).filter(Boolean), code: body.join("\n") });
  }
  return out;
}

const isShell = (b: TBlock) => b.lang === "bash" || b.lang === "sh";
const isNode = (b: TBlock) => (b.lang === "js" || b.lang === "mjs") && !b.flags.includes("browser");
const runsHere = (b: TBlock) => (isShell(b) || isNode(b)) && !RUN_ELSEWHERE.test(b.code);

const FILES = [...markdownFiles(path.join(ROOT, "docs")), path.join(ROOT, "README.md"), path.join(ROOT, "sdk/node/README.md")].sort();
const BLOCKS = FILES.flatMap(blocksOf);

let env: NodeJS.ProcessEnv;
let work: string;

beforeAll(async () => {
  const { projectId } = await rewardsProject(s.call, s.admin, {});
  const apiKey = await createApiKey(s.call, s.admin, projectId, ["session:issue", "events:write", "economy:grant", "webhooks:check"]);
  const session = await s.call("POST", "/v1/server/session-token", { token: apiKey, ip: randomIp(), body: { project_id: projectId, external_user_id: "user-42" } });
  expect(session.status).toBe(200);
  const inbox = await s.call("GET", `/v1/admin/projects/${projectId}/webhooks/inbox`, { token: s.admin.token });
  const secret = webhookSecret(projectId, 1);
  // The reader's own project, with the SDK installed (so `npx playloop` finds its command).
  work = mkdtempSync(path.join(tmpdir(), "docs-snippets-"));
  writeFileSync(path.join(work, "package.json"), JSON.stringify({ name: "integrator", private: true, type: "module" }));
  symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"), "dir");
  env = {
    NODE_ENV: "test",
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PLAYLOOP_URL: s.server.url,
    PLAYLOOP_BASE_URL: s.server.url,
    PLAYLOOP_ORIGIN: config().publicOrigin,
    PROJECT_ID: projectId,
    PLAYLOOP_PROJECT_ID: projectId,
    PLAYLOOP_API_KEY: apiKey,
    ADMIN_TOKEN: s.admin.token,
    PLAYER_TOKEN: session.body.session_token,
    RECEIVER_URL: s.server.url + new URL(inbox.body.url).pathname,
    PLAYLOOP_WEBHOOK_SECRET: secret,
    PLAYLOOP_STANDARD_WEBHOOKS_KEY: standardWebhooksKey(secret),
  };
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function runBlock(b: TBlock): Promise<string> {
  const where = `${b.file}:${b.line}`;
  try {
    if (isShell(b)) {
      // curl as a careful script uses it: any non-2xx answer fails the snippet, with the answer shown.
      const script = `set -euo pipefail\ncurl() { command curl --fail-with-body -sS "$@"; }\n${b.code}\n`;
      const { stdout } = await run("bash", ["-c", script], { cwd: work, env, timeout: 60_000 });
      return stdout;
    }
    // Node snippets are ES modules resolved from the repository (the SDK, standardwebhooks).
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", b.code], { cwd: ROOT, env, timeout: 60_000 });
    return stdout;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${where} failed: ${err.message}\n--- stdout\n${err.stdout ?? ""}\n--- stderr\n${err.stderr ?? ""}`);
  }
}

describe("the docs' shell and Node snippets", () => {
  it("leave out only what starts or installs the service", () => {
    const left = BLOCKS.filter((b) => (isShell(b) || isNode(b)) && !runsHere(b));
    for (const b of left) expect(b.code, `${b.file}:${b.line}`).toMatch(RUN_ELSEWHERE);
    expect(BLOCKS.filter(runsHere).length).toBeGreaterThanOrEqual(8);
  });

  for (const file of [...new Set(BLOCKS.filter(runsHere).map((b) => b.file))]) {
    it(`${file}: every snippet runs against the service`, { timeout: 180_000 }, async () => {
      for (const b of BLOCKS.filter((x) => x.file === file && runsHere(x))) await runBlock(b);
    });
  }
});
