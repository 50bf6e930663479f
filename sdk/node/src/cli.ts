import { parseArgs } from "node:util";
import createClient from "openapi-fetch";
import type { ResponseBody } from "./client.js";
import { PlayloopError } from "./errors.js";
import type { paths } from "./generated/openapi.js";

/** The receiver check's report (POST /v1/server/webhooks/receiver-check and its admin twin). */
export type ReceiverCheckReport = ResponseBody<"/v1/server/webhooks/receiver-check", "post">;

export type CliIo = {
  env: Record<string, string | undefined>;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  fetch?: (input: Request) => Promise<Response>;
  /** Colour and symbols; default: on when stdout is a terminal. */
  color?: boolean;
};

const USAGE = `Usage: playloop check-receiver [url] [options]

Asks Playloop to check a webhook receiver (url, else the project's webhook URL): that it accepts a
signed delivery, refuses tampered, stale and foreign ones, accepts a redelivery without granting
twice, and answers quickly. Only test deliveries are sent (webhook.test, X-Service-Test: true).

Credentials (one of):
  --api-key <key>        server API key with scope webhooks:check (env PLAYLOOP_API_KEY),
                         with --project (env PLAYLOOP_PROJECT_ID)
  --admin-token <jwt>    admin token (env PLAYLOOP_ADMIN_TOKEN), with --project

Options:
  --project <id>         the project (env PLAYLOOP_PROJECT_ID)
  --base-url <url>       the Playloop service (env PLAYLOOP_BASE_URL, default http://localhost:3000)
  --json                 print the report as JSON
  -h, --help             this text

Exit status: 0 pass, 1 fail, 2 unknown or error.`;

const MARK: Record<string, string> = { pass: "✓", fail: "✗", unknown: "?", skipped: "-" };
const COLOR: Record<string, string> = { pass: "\x1b[32m", fail: "\x1b[31m", unknown: "\x1b[33m", skipped: "\x1b[90m" };

/** The human-readable report: a heading, one line per check (✓ pass, ✗ fail, ? unknown, - skipped), the verdict. */
export function formatReport(report: ReceiverCheckReport, opts: { color?: boolean } = {}): string {
  const paint = (result: string, s: string) => (opts.color ? `${COLOR[result] ?? ""}${s}\x1b[0m` : s);
  const width = Math.max(0, ...report.checks.map((c) => c.name.length));
  const lines = [`Receiver check of ${report.url}`, ""];
  for (const c of report.checks) {
    const facts = [c.status !== null ? String(c.status) : null, c.duration_ms !== null ? `${c.duration_ms} ms` : null].filter(Boolean).join(", ");
    lines.push(`  ${paint(c.result, MARK[c.result] ?? "?")} ${c.name.padEnd(width)}  ${paint(c.result, c.result.padEnd(7))} ${facts ? `(${facts}) ` : ""}${c.detail}`.trimEnd());
  }
  const counts = (["pass", "fail", "unknown", "skipped"] as const).map((r) => [r, report.checks.filter((c) => c.result === r).length] as const).filter(([, n]) => n > 0);
  lines.push("", `Verdict: ${paint(report.verdict, report.verdict.toUpperCase())} (${counts.map(([r, n]) => `${n} ${r}`).join(", ")})${report.latency_ms !== null ? `, latency ${report.latency_ms} ms` : ""}`, `Check id: ${report.check_id}`);
  return lines.join("\n");
}

/** The exit status of a verdict: 0 pass, 1 fail, 2 unknown. */
export function exitCodeOf(verdict: string): number {
  return verdict === "pass" ? 0 : verdict === "fail" ? 1 : 2;
}

async function checkReceiver(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "api-key": { type: "string" },
      "admin-token": { type: "string" },
      project: { type: "string" },
      "base-url": { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  const url = positionals[0];
  if (positionals.length > 1) {
    io.stderr(USAGE);
    return 2;
  }
  const baseUrl = (values["base-url"] ?? io.env.PLAYLOOP_BASE_URL ?? "http://localhost:3000").replace(/\/+$/, "").replace(/\/v1$/, "");
  const project = values.project ?? io.env.PLAYLOOP_PROJECT_ID;
  const adminToken = values["admin-token"] ?? io.env.PLAYLOOP_ADMIN_TOKEN;
  const apiKey = values["api-key"] ?? io.env.PLAYLOOP_API_KEY;
  if (!project) {
    io.stderr("playloop: the project is required: --project <id> or PLAYLOOP_PROJECT_ID");
    return 2;
  }
  // A flag wins over the environment; between the two variables, the API key (the integrator's own credential).
  const mode = values["admin-token"] ? "admin" : values["api-key"] ? "key" : apiKey ? "key" : adminToken ? "admin" : null;
  if (!mode) {
    io.stderr("playloop: no credentials: set PLAYLOOP_API_KEY (scope webhooks:check) or pass --admin-token / PLAYLOOP_ADMIN_TOKEN");
    return 2;
  }
  const client = createClient<paths>({
    baseUrl,
    fetch: io.fetch ? (req) => io.fetch!(req) : undefined,
    headers: { authorization: `Bearer ${mode === "admin" ? adminToken : apiKey}`, "user-agent": "playloop-cli/0.1.0" },
  });
  let result;
  try {
    result =
      mode === "admin"
        ? await client.POST("/v1/admin/projects/{project_id}/webhooks/receiver-check", { params: { path: { project_id: project } }, body: url ? { url } : {} })
        : await client.POST("/v1/server/webhooks/receiver-check", { body: { project_id: project, ...(url ? { url } : {}) } });
  } catch (e) {
    io.stderr(`playloop: could not reach ${baseUrl}: ${(e as Error & { cause?: Error }).cause?.message ?? (e as Error).message}`);
    return 2;
  }
  if (!result.response.ok || result.data === undefined) {
    const err = PlayloopError.fromResponse(result.response, result.error);
    io.stderr(`playloop: the receiver check was refused: ${err.status} ${err.code}: ${err.message}${err.request_id ? ` (request ${err.request_id})` : ""}`);
    return 2;
  }
  const report: ReceiverCheckReport = result.data;
  if (!report || typeof report !== "object" || !Array.isArray(report.checks) || typeof report.verdict !== "string") {
    io.stderr("playloop: the service answered something other than a receiver check report");
    return 2;
  }
  io.stdout(values.json ? JSON.stringify(report, null, 2) : formatReport(report, { color: io.color }));
  return exitCodeOf(report.verdict);
}

/** The `playloop` command. Returns the exit status. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "check-receiver") return await checkReceiver(rest, io);
    if (!command || command === "help" || command === "--help" || command === "-h") {
      io.stdout(USAGE);
      return command ? 0 : 2;
    }
    io.stderr(`playloop: unknown command ${command}\n\n${USAGE}`);
    return 2;
  } catch (e) {
    io.stderr(`playloop: ${(e as Error).message}`);
    return 2;
  }
}

/** Entry of the `playloop` bin (bin/playloop.mjs). */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  return runCli(argv, {
    env: process.env,
    stdout: (s) => process.stdout.write(`${s}\n`),
    stderr: (s) => process.stderr.write(`${s}\n`),
    color: process.stdout.isTTY === true && !process.env.NO_COLOR,
  });
}
