import path from "node:path";
import next from "next";
import { configOrExit } from "@/server/config/env";
import { closeDb } from "@/server/db/client";
import { closeRedis } from "@/server/stores/redis";
import { logger } from "@/server/logging/logger";
import { stopWhenOrphaned } from "@/server/lib/parent-watch";
import { createServer } from "./server";

/** Web process entry: `npm run web`. Serves the façade, docs, console and play shell. */
async function main() {
  process.env.PLAYLOOP_PROCESS ??= "web";
  const c = configOrExit();
  const app = next({ dev: false, dir: path.resolve("."), hostname: c.host, port: c.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer({ next: (req, res) => handle(req, res) });
  await new Promise<void>((resolve) => server.listen(c.port, c.host, resolve));
  logger().info({ port: c.port, url: c.publicBaseUrl }, "web listening");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger().info({ signal }, "web stopping");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.close?.().catch(() => {});
    await Promise.allSettled([closeDb(), closeRedis()]);
    clearTimeout(force);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  if (process.env.PLAYLOOP_SUPERVISED === "1") stopWhenOrphaned(() => void stop("parent exited"));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
