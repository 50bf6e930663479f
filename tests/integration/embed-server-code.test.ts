import { execFile, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PHP_VERIFY, PYTHON_VERIFY, SERVER_LANGS, serverCode } from "@/app/(console)/projects/[projectId]/embed/server-code";
import { createApiKey, createProject, randomIp } from "../helpers/api";
import { serverSuite } from "../helpers/suite";

/**
 * The Embed page's server code, run: each language's session-token snippet against the service
 * with a real API key, and the Node receiver snippet checked by the receiver check. The Python
 * and PHP verifiers shown are the docs' ones, which the test vectors hold.
 */
const ROOT = path.resolve(__dirname, "../..");
const run = promisify(execFile);
const s = serverSuite();
const haveCI = !!process.env.CI;
const has = (cmd: string) => {
  try {
    return execFileSync("sh", ["-c", `command -v ${cmd}`]).length > 0;
  } catch {
    return false;
  }
};

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe("the Embed page's server code", () => {
  it("shows the verifiers the test vectors hold, verbatim", () => {
    expect(readFileSync(path.join(ROOT, "docs/webhooks/verify-python.py"), "utf8")).toContain(PYTHON_VERIFY);
    expect(readFileSync(path.join(ROOT, "docs/webhooks/verify-php.php"), "utf8")).toContain(PHP_VERIFY);
  });

  it("issues a session token in every language, with the project's real address and id", { timeout: 60_000 }, async () => {
    const projectId = await createProject(s.call, s.admin);
    const apiKey = await createApiKey(s.call, s.admin, projectId, ["session:issue"]);
    const code = serverCode({ baseUrl: s.server.url, projectId });
    const env = { ...process.env, PLAYLOOP_API_KEY: apiKey };
    for (const lang of SERVER_LANGS) expect(code[lang].session).toContain(projectId);
    const tokens: Record<string, string> = {};
    tokens.node = (await run(process.execPath, ["--input-type=module", "-e", `${code.node.session}\nconsole.log(session_token);`], { cwd: ROOT, env })).stdout;
    tokens.curl = JSON.parse((await run("bash", ["-c", code.curl.session.replace(/^curl /, "curl -sS --fail-with-body ")], { env })).stdout).session_token;
    if (has("python3") || haveCI) tokens.python = (await run("python3", ["-c", `${code.python.session}\nprint(session_token)`], { env })).stdout;
    if (has("php") || haveCI) tokens.php = (await run("php", ["-r", `${code.php.session.replace(/^<\?php[^\n]*\n/, "")}\necho $sessionToken;`], { env })).stdout;
    for (const [lang, token] of Object.entries(tokens)) {
      // Each is a working player session of the project.
      const config = await s.call("GET", `/v1/widget/config?project_id=${projectId}`, { token: token.trim(), ip: randomIp() });
      expect(config.status, lang).toBe(200);
    }
    expect(Object.keys(tokens).length).toBeGreaterThanOrEqual(haveCI ? 4 : 2);
  });

  it("the Node receiver passes the receiver check as shown (with your grantOnce)", { timeout: 60_000 }, async () => {
    const projectId = await createProject(s.call, s.admin);
    const { secret } = (await s.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/reveal`, { token: s.admin.token })).body;
    const port = await freePort();
    const receiver = serverCode({ baseUrl: s.server.url, projectId })
      .node.webhook.replace(".listen(4242)", `.listen(${port}, "127.0.0.1", () => console.log("listening"))`);
    const grants = "const granted = new Map(); const grantOnce = async (key) => granted.get(key) ?? (granted.set(key, `g-${granted.size + 1}`), granted.get(key));\n";
    const child = spawn(process.execPath, ["--input-type=module", "-e", grants + receiver], { cwd: ROOT, env: { ...process.env, PLAYLOOP_WEBHOOK_SECRET: secret } });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => d.toString().includes("listening") && resolve());
        child.on("exit", (c) => reject(new Error(`receiver exited ${c}`)));
      });
      const res = await s.call("POST", `/v1/admin/projects/${projectId}/webhooks/receiver-check`, { token: s.admin.token, body: { url: `http://127.0.0.1:${port}/webhooks/playloop` } });
      expect(res.status).toBe(200);
      expect(res.body.checks.map((c: { name: string; result: string }) => `${c.name}:${c.result}`)).toEqual([
        "accepts_valid:pass",
        "idempotent_redelivery:pass",
        "rejects_tampered_body:pass",
        "rejects_stale_timestamp:pass",
        "rejects_unknown_secret:pass",
        "accepts_previous_secret:skipped",
        "responds_quickly:pass",
      ]);
    } finally {
      child.kill();
    }
  });
});
