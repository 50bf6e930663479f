import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);

// The browser: CHROMIUM_PATH when set; else Debian's headless shell of Chromium when installed
// (package chromium-headless-shell: the same Blink, V8 and DevTools protocol without the desktop
// browser around them, and a fifth less of this suite's time, docs/development/tests.md); else
// Debian's chromium. How the games look and move is measured in the full browser (bench, screenshots).
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two spec files at a time against the one server (tests inside a file stay in order): every
  // spec signs up its own accounts and players, and the suite takes about half the time of one
  // worker (7.8 min against ~15 on this 2-core machine). PW_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.PW_WORKERS ?? 2),
  // A flaky test is a bug to fix, never retried; a stray test.only fails CI.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Not the trace's screencast (a JPEG of every frame the page draws):
    // encoding and shipping those frames was a fifth of the whole browser run's CPU, paid by every
    // test that passes (8.7 → 6.8 min on 2026-12-06; docs/development/tests.md). A failure still
    // saves its final screenshot (below), and the DOM snapshots show each step.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    // A player's "reduce motion" setting (client/shared/motion.ts: every animation instant, state
    // unchanged) for the specs that test flows, words and numbers: an animated Gem Match move took
    // ~3 s here, and a level's win ten of them (rewards.spec: 60 s → 12 s). The specs whose subject
    // is how the games move and feel (games-polish, phone, play-harness) switch motion back on.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: browserPath,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: "node --import tsx scripts/e2e-server.ts",
    url: `http://localhost:${port}/v1/ready`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
  },
});
