import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/**
 * `npm run test:fault`: the service as several real processes under faults (instances, a killed
 * worker, Redis and PostgreSQL outages) on a PostgreSQL cluster and Redis of its own. One file at a
 * time: each starts its own processes and they share two cores.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["tests/fault/**/*.test.ts"],
    globalSetup: ["tests/fault/global-setup.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
