import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/**
 * The deciders' unit tests alone: no database, no Redis, no global setup. Mutation testing
 * (`npm run test:mutation`, stryker.config.json) runs them against every mutant of the deciders,
 * so they must stay fast and self-contained.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["server/domain/**/decide-*.test.ts"],
    pool: "forks",
  },
});
