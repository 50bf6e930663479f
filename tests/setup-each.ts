import { afterAll, afterEach } from "vitest";
import { resetConfig } from "@/server/config/env";
import { resetClock } from "@/server/lib/clock";
import { closeServices, setupServices } from "@/server/services/setup";

// A worker runs several test files one after another in one process (vitest.config.ts: the
// modules are imported once per worker, not once per file). Each file starts from the environment
// the worker started with: a file that points DATABASE_URL at a scratch database, say, cannot leak
// it into the next.
const g = globalThis as { __playloopTestEnv?: NodeJS.ProcessEnv };
g.__playloopTestEnv ??= { ...process.env };
for (const k of Object.keys(process.env)) if (!(k in g.__playloopTestEnv)) delete process.env[k];
Object.assign(process.env, g.__playloopTestEnv);
resetConfig();

// Each file is wired by the same composition root as the web process, and closed after it.
await setupServices({ role: "test" });
afterAll(() => closeServices());

// Every test starts on real time: a test that moves the one clock cannot leak it into the next.
afterEach(() => resetClock());
