import http from "node:http";
import type { AddressInfo } from "node:net";

/** Request header that pins a request to one upstream (its index); the proxy strips it. */
export const PIN_HEADER = "x-fault-upstream";
/** Response header naming the upstream (index) that answered. */
export const SERVED_BY_HEADER = "x-fault-served-by";

/**
 * The load balancer in front of the web instances: round-robin over them, one request at a time,
 * appending the client's address to X-Forwarded-For as a real proxy does (the instances trust
 * 127.0.0.1). A test pins a request to an instance with `x-fault-upstream: <index>` (retries
 * "through the other instance"); every answer says which instance served it. An upstream that
 * cannot be reached is a 502, never a retry on another one: retries are the client's business.
 */
export async function startProxy(upstreams: string[], opts: { healthChecks?: boolean } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;
  const served = upstreams.map(() => 0);
  // With health checks (as a load balancer in front of a rolling restart): every 100 ms each
  // upstream's /v1/ready is asked; one that is draining (503 `failed: ["draining"]`) or does not
  // answer gets no new requests until it is ready again. A dependency outage (every instance's
  // readiness fails alike) does not take instances out: requests still reach them and get their 503.
  const inRotation = upstreams.map(() => true);
  let checking: NodeJS.Timeout | null = null;
  let stopped = false;
  if (opts.healthChecks) {
    const check = async (i: number) => {
      try {
        const res = await fetch(`${upstreams[i]}/v1/ready`, { signal: AbortSignal.timeout(500) });
        const body = res.ok ? null : ((await res.json().catch(() => ({}))) as { failed?: string[] });
        inRotation[i] = res.ok || !body?.failed?.includes("draining");
      } catch {
        inRotation[i] = false;
      }
    };
    const tick = () => void Promise.all(upstreams.map((_, i) => check(i))).finally(() => {
        if (!stopped) checking = setTimeout(tick, 100);
      });
    tick();
  }
  const pick = () => {
    for (let tries = 0; tries < upstreams.length; tries++) {
      const i = next++ % upstreams.length;
      if (inRotation[i]) return i;
    }
    return next++ % upstreams.length;
  };
  const server = http.createServer((req, res) => {
    const pinned = req.headers[PIN_HEADER];
    const index = pinned !== undefined ? Number(pinned) % upstreams.length : pick();
    const target = new URL(req.url ?? "/", upstreams[index]);
    const headers = { ...req.headers };
    delete headers[PIN_HEADER];
    const peer = req.socket.remoteAddress ?? "127.0.0.1";
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${peer}` : peer;
    const upstream = http.request(target, { method: req.method, headers, agent }, (up) => {
      served[index]!++;
      res.writeHead(up.statusCode ?? 502, { ...up.headers, [SERVED_BY_HEADER]: String(index) });
      up.pipe(res);
    });
    upstream.on("error", (e) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { "content-type": "application/json", [SERVED_BY_HEADER]: String(index) });
      res.end(JSON.stringify({ code: "bad_gateway", message: e.message }));
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Requests answered by each upstream. */
    served,
    close: () =>
      new Promise<void>((r) => {
        stopped = true;
        if (checking) clearTimeout(checking);
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
