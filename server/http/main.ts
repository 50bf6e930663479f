import path from "node:path";
import next from "next";
import { configOrExit } from "@/server/config/env";
import { logger } from "@/server/logging/logger";
import { listenOrExit } from "@/server/lib/listen";
import { onShutdown } from "@/server/lib/shutdown";
import { setupServices } from "@/server/services/setup";
import { createServer } from "./server";

/** Web process entry: `npm run web`. Serves the façade, docs, console and play shell. */
async function main() {
  process.env.PLAYLOOP_PROCESS ??= "web";
  const c = configOrExit();
  await setupServices({ role: "web" });
  const app = next({ dev: false, dir: path.resolve("."), hostname: c.host, port: c.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer({ next: (req, res) => handle(req, res) });
  await listenOrExit(server, { port: c.port, host: c.host, variable: "PORT", what: "web" });
  logger().info({ port: c.port, url: c.publicBaseUrl }, "web listening");

  onShutdown("web", async () => {
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.close?.().catch(() => {});
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
