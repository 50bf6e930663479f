import path from "node:path";
import next from "next";
import { configOrExit } from "@/server/config/env";
import { logger } from "@/server/logging/logger";
import { listenOrExit } from "@/server/lib/listen";
import { onShutdown } from "@/server/lib/shutdown";
import { startDraining } from "@/server/lib/draining";
import { setupServices } from "@/server/services/setup";
import { startReplayThread } from "@/server/domain/gameplay";
import { createServer, type TNextHandler } from "./server";

/**
 * Web process entry: `npm run web`. Serves the façade, docs, console and play shell. With
 * SERVE_CONSOLE=false it is an API-only instance (no Next.js: no build needed, less memory); the
 * console's pages then answer 404 there and are served by instances that have it on.
 */
async function main() {
  process.env.PLAYLOOP_PROCESS ??= "web";
  const c = configOrExit();
  await setupServices({ role: "web" });
  // A winning move's replay runs on a thread beside the event loop (compiled next to this file).
  const replayThread = startReplayThread();
  let nextApp: ReturnType<typeof next> | null = null;
  let handle: TNextHandler | undefined;
  if (c.serveConsole) {
    nextApp = next({ dev: false, dir: path.resolve("."), hostname: c.host, port: c.port });
    await nextApp.prepare();
    const requestHandler = nextApp.getRequestHandler();
    handle = (req, res) => requestHandler(req, res);
  }
  const server = createServer({ next: handle });
  await listenOrExit(server, { port: c.port, host: c.host, variable: "PORT", what: "web" });
  logger().info({ port: c.port, url: c.publicBaseUrl, console: c.serveConsole, replayThread }, "web listening");

  // A rolling restart drops nothing: first /v1/ready says "draining" while requests are still
  // served (load balancers take the instance out), then the listener closes and what is in
  // flight finishes (server/lib/draining.ts).
  onShutdown(
    "web",
    async () => {
      startDraining();
      if (c.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, c.shutdownDrainMs));
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await nextApp?.close?.().catch(() => {});
    },
    { forceAfterMs: c.shutdownDrainMs + 10_000 },
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
