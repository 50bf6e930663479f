import { createServer } from "@/server/http/server";
import { setupServices } from "@/server/services/setup";

/** The service's own request listener (façade, logging, request ids) without Next.js pages. */
const port = Number(process.argv[2] ?? 3901);
await setupServices({ role: "bench" });
createServer().listen(port, "127.0.0.1", () => process.send?.("ready"));
// A normal exit on SIGTERM, so `--cpu-prof` (BENCH_CPU_PROF) gets to write its profile.
process.on("SIGTERM", () => { if (process.listenerCount("SIGTERM") === 1) process.exit(0); });
