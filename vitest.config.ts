import { configDefaults, defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

const resolve = { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } };
const pool = { pool: "forks", testTimeout: 30_000, hookTimeout: 60_000 } as const;

/**
 * The test files outside `tests/` that need the wired services (a database, the job queue, the
 * service container): they run with the integration tests. Any other file beside the code is a
 * unit test and gets no services — one that needs them fails with "Services are not set up" and
 * belongs here (or in tests/integration/).
 */
export const NEEDS_SERVICES = [
  "server/db/schema-drift.test.ts",
  "server/http/trpc-shim/invoke-procedure.test.ts",
  "server/lib/jsonb-size.test.ts",
];

/**
 * Two projects in one run, sharing its workers. An integration file wires the services as the web
 * process does (`tests/setup-each.ts`) and closes them after itself. Its files share their worker's
 * process (`isolate: false`): the whole service is imported once per worker instead of once per
 * file (in a fresh process per file, importing and wiring cost ~1.9 s a file, 325 s of the run's
 * ~690 s of file time; the run took 423 s here, 203 s sharing). What one file could leak to the
 * next is put back before each file: the environment, the configuration (`resetConfig`), the
 * services (closed and wired again) and the clock. A unit file beside the code imports only what
 * it tests (`tests/setup-unit.ts`) and keeps a process of its own.
 */
export const integration = {
  resolve,
  test: {
    name: "integration",
    ...pool,
    include: ["tests/**/*.test.ts", ...NEEDS_SERVICES],
    // The fault suite runs on its own (`npm run test:fault`, vitest.fault.config.ts).
    exclude: [...configDefaults.exclude, "tests/fault/**"],
    setupFiles: ["tests/setup-each.ts"],
    isolate: false,
  },
};

const unit = {
  resolve,
  test: {
    name: "unit",
    ...pool,
    include: ["server/**/*.test.ts", "games/**/*.test.ts", "i18n/**/*.test.ts", "jobs/**/*.test.ts", "scripts/**/*.test.ts", "client/**/*.test.ts", "app/**/*.test.ts", "bench/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...NEEDS_SERVICES],
    setupFiles: ["tests/setup-unit.ts"],
  },
};

export default defineConfig({
  resolve,
  test: {
    // The run's global setup (a fresh database, the player client's build, the test environment)
    // is the root's: it runs once for both projects, before any worker starts.
    globalSetup: ["tests/global-setup.ts"],
    projects: [integration, unit],
    // Vitest's default is one file at a time on a 2-core machine (cores − 1). The integration files
    // spend much of their time waiting on PostgreSQL and Redis, so two at a time finish the suite in
    // ~70 % of the time here (234 → 166 s; three at a time: 168 s, no better). Files never share
    // tenants, addresses or Redis keys, so order and overlap do not matter.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
