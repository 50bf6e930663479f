import type { AddressInfo } from "node:net";
import { createServer, type TNextHandler } from "@/server/http/server";

export type TTestServer = { url: string; close: () => Promise<void> };

/** The real request listener (façade, docs, internal tRPC) on an ephemeral port, without Next.js (or with `next` standing in for it). */
export async function startTestServer(opts: { next?: TNextHandler } = {}): Promise<TTestServer> {
  const server = createServer(opts);
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
