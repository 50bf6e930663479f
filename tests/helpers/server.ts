import type { AddressInfo } from "node:net";
import { createServer } from "@/server/http/server";

export type TTestServer = { url: string; close: () => Promise<void> };

/** The real request listener (façade, docs, internal tRPC) on an ephemeral port, without Next.js. */
export async function startTestServer(): Promise<TTestServer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
