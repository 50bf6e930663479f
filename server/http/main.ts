import path from "node:path";
import next from "next";
import { configOrExit } from "@/server/config/env";
import { logger } from "@/server/logging/logger";
import { listenOrExit } from "@/server/lib/listen";
import { onShutdown } from "@/server/lib/shutdown";
import { setupServices } from "@/server/services/setup";
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
  logger().info({ port: c.port, url: c.publicBaseUrl, console: c.serveConsole }, "web listening");

  onShutdown("web", async () => {
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await nextApp?.close?.().catch(() => {});
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
