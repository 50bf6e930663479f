import { spawn, type ChildProcess } from "node:child_process";
import { configOrExit } from "@/server/config/env";
import { localModeRefusal } from "@/server/config/local-mode";
import { prepareDatabase } from "@/server/db/prepare";
import { databaseUrl } from "@/server/db/url";
import { ensureDevAppSecret } from "@/server/lib/app-secret";
import { stopWhenOrphaned } from "@/server/lib/parent-watch";
import { buildIfNeeded } from "./build-if-needed";
import { buildServer, serverBundle, SERVER_NODE_ARGS, type TServerEntry } from "./build-server";
import { startEmbeddedPostgres } from "./embedded-pg";
import { databaseStartHint } from "./start-errors";

/**
 * `npm start`: the whole service on one machine. Starts the embedded PostgreSQL when DATABASE_URL
 * is unset, applies migrations, builds the web app if needed, then runs the web and worker
 * processes side by side. SIGINT/SIGTERM stop both children, then the database; nothing is left
 * running.
 */
const log = (m: string) => console.log(`[playloop] ${m}`);

const c = configOrExit();

// Local mode (server/config/local-mode.ts): the embedded default on one's own machine, when the
// operator set nothing a deployment sets. It binds to this machine only, keeps signup and the demo
// on, and lets reward webhooks reach a receiver on this machine; the web and worker processes
// check it again. Anything else is a deployment, started as before.
const localRefusal = localModeRefusal(process.env);
const local = localRefusal === null;

const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: process.env.NODE_ENV ?? "production" };
if (!c.production && !process.env.APP_SECRET) env.APP_SECRET = ensureDevAppSecret();
// On one machine the public origin is this one. A real deployment (NODE_ENV=production set by the
// operator) must say where it is served, and the web process refuses to start otherwise.
if (!c.production && !process.env.PUBLIC_BASE_URL) env.PUBLIC_BASE_URL = c.publicBaseUrl;
if (local) {
  env.PLAYLOOP_LOCAL_MODE = "1";
  env.HOST = process.env.HOST ?? "127.0.0.1";
  env.DEMO_ENDPOINTS ??= "true";
  env.ALLOW_SIGNUP ??= "true";
}

let embedded: { stop: () => Promise<void> } | null = null;
const children: ChildProcess[] = [];
let shuttingDown = false;

async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  log("stopping…");
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
        }),
    ),
  );
  if (embedded) await embedded.stop().catch((e) => console.error("embedded PostgreSQL did not stop cleanly:", e));
  log("stopped");
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
stopWhenOrphaned(() => void shutdown(0));
// After npm exits our stdout may be a closed pipe: losing log lines must not stop the shutdown.
process.stdout.on("error", () => {});
process.stderr.on("error", () => {});

try {
  if (!c.databaseUrl) {
    log(`DATABASE_URL is unset: starting embedded PostgreSQL in ${c.embeddedPg.dir} (port ${c.embeddedPg.port})`);
    embedded = await startEmbeddedPostgres({ dir: c.embeddedPg.dir, port: c.embeddedPg.port, log });
    env.DATABASE_URL = databaseUrl();
  }
  if (!c.redisUrl) log("REDIS_URL is unset: using in-process caches and limiters (single instance only)");
  log(
    local
      ? `local mode: listening on ${env.HOST} only; reward webhooks may go to receivers on this machine`
      : `deployment mode (${localRefusal}): webhooks go to public addresses only`,
  );
  const m = await prepareDatabase(databaseUrl());
  log(m.applied.length ? `applied migrations: ${m.applied.join(", ")}` : "database schema is up to date");
  if (m.levelsPublished) log(`published ${m.levelsPublished} level version(s)`);
  buildIfNeeded(log);
  const { buildPlay } = await import("./build-play");
  const play = await buildPlay();
  log(`player client release ${play.release}`);
  await buildServer();
} catch (e) {
  // a URL the user gave; the embedded PostgreSQL's own failures are printed whole
  const hint = c.databaseUrl ? databaseStartHint(e, c.databaseUrl) : null;
  if (hint) console.error(`[playloop] cannot start: ${hint}`);
  else console.error(e);
  await shutdown(1);
}

/** Runs a compiled process (scripts/build-server.ts): plain Node, no TypeScript loader. */
function run(name: TServerEntry) {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverBundle(name)], {
    stdio: "inherit",
    env: { ...env, PLAYLOOP_PROCESS: name, PLAYLOOP_SUPERVISED: "1" },
  });
  child.on("exit", (code, signal) => {
    if (!shuttingDown) {
      console.error(`[playloop] ${name} exited unexpectedly (${signal ?? code}); stopping`);
      void shutdown(1);
    }
  });
  children.push(child);
}

run("web");
run("worker");

const base = `http://${env.HOST === "::1" ? "[::1]" : "127.0.0.1"}:${c.port}`;
for (let i = 0; i < 240 && !shuttingDown; i++) {
  const ok = await fetch(`${base}/v1/ready`).then((r) => r.ok, () => false);
  if (ok) {
    log("ready:");
    log(`  console  ${c.publicBaseUrl}/${local ? `   (also http://127.0.0.1:${c.port}/)` : ""}`);
    if (env.DEMO_ENDPOINTS === "true" || c.demoEndpoints) log(`  demo     ${c.publicBaseUrl}/demo`);
    log(`  API docs ${c.publicBaseUrl}/docs`);
    log(`  health   ${c.publicBaseUrl}/v1/health   status ${c.publicBaseUrl}/v1/status`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
