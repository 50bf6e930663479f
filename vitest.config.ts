import { configDefaults, defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["server/**/*.test.ts", "jobs/**/*.test.ts", "scripts/**/*.test.ts", "tests/**/*.test.ts", "client/**/*.test.ts"],
    // The fault suite runs on its own (`npm run test:fault`, vitest.fault.config.ts).
    exclude: [...configDefaults.exclude, "tests/fault/**"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-each.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
