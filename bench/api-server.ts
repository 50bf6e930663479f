import { createServer } from "@/server/http/server";

/** The service's own request listener (façade, logging, request ids) without Next.js pages. */
const port = Number(process.argv[2] ?? 3901);
createServer().listen(port, "127.0.0.1", () => process.send?.("ready"));
