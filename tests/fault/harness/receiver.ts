import http from "node:http";
import type { AddressInfo } from "node:net";

export type TWebhook = { key: string; runId: string | null; deliveryId: string; at: number };

/**
 * The integrator's webhook endpoint: counts requests by idempotency key (what a receiver that
 * grants once per key would see) and answers 200 after `delayMs()` (0: at once). `inFlight` is
 * the number of requests it holds unanswered right now, so a test can strike while attempts are
 * open. A request whose sender vanished (a killed worker) is still counted: it arrived.
 */
export async function startReceiver(opts: { delayMs?: () => number } = {}) {
  const received: TWebhook[] = [];
  const byKey = new Map<string, number>();
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let runId: string | null = null;
      try {
        runId = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { run_id?: string }).run_id ?? null;
      } catch {
        /* counted by its header anyway */
      }
      const key = String(req.headers["x-legacy-idempotency-key"] ?? "");
      received.push({ key, runId, deliveryId: String(req.headers["x-service-delivery-id"] ?? ""), at: Date.now() });
      byKey.set(key, (byKey.get(key) ?? 0) + 1);
      const answer = () => {
        inFlight--;
        if (!res.destroyed) res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      };
      inFlight++;
      const delay = opts.delayMs?.() ?? 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    byKey,
    inFlight: () => inFlight,
    /** Keys received more than once, with their counts. */
    duplicates: () => [...byKey].filter(([, n]) => n > 1),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type TReceiver = Awaited<ReturnType<typeof startReceiver>>;
