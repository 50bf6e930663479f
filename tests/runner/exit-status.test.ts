import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm test` must exit non-zero when any test file fails, on every machine the README allows: with
 * DATABASE_URL (CI) and without it (a newcomer's embedded PostgreSQL, whose library once turned the
 * runner's failure into exit 0 from a `beforeExit` hook). The suite's own runner and global setup
 * run a file that fails in `beforeAll`.
 */
function runFailingFixture(database: "embedded" | "server") {
  const scratch = mkdtempSync(join(tmpdir(), "playloop-runner-"));
  // The embedded server runs as the `postgres` user when the tests run as root: it must reach its folder.
  chmodSync(scratch, 0o755);
  const env = {} as NodeJS.ProcessEnv;
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith("VITEST") || ["DATABASE_URL", "REDIS_URL", "RESPONSE_CHECK_RECORD", "PLAYLOOP_TEST_ADMIN_DATABASE_URL"].includes(k)) continue;
    env[k] = v;
  }
  env.PLAYLOOP_TEST_SCRATCH = scratch;
  if (database === "server") env.DATABASE_URL = process.env.PLAYLOOP_TEST_ADMIN_DATABASE_URL;
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "tests/runner/fixtures/vitest.config.ts"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => {
      rmSync(scratch, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

describe("the test runner's exit status", () => {
  it.each(["embedded", "server"] as const)("a file that fails in beforeAll fails the run (%s PostgreSQL)", async (database) => {
    const { code, output } = await runFailingFixture(database);
    // It failed for the fixture's reason, not because the nested run could not start.
    expect(output).toContain("fixture: this file fails before its tests run");
    expect(output).toMatch(/Test Files\s+.*1 failed/);
    expect(code).toBe(1);
  }, 180_000);
});
