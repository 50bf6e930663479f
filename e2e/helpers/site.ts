import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A customer's site on its own origin (127.0.0.1 on a free port, cross-origin to the service's
 * localhost): it answers every request with the page last set, so a test can create the project
 * for `origin` first and write the page that embeds it after.
 */
export async function customerSite(): Promise<{ origin: string; setPage(html: string): void; close(): void }> {
  let page = "";
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(page));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setPage: (html) => void (page = html),
    close: () => void server.close(),
  };
}
