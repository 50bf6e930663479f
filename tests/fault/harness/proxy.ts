import http from "node:http";
import type { AddressInfo } from "node:net";

/** Request header that pins a request to one upstream (its index); the proxy strips it. */
export const PIN_HEADER = "x-fault-upstream";
/** Response header naming the upstream (index) that answered. */
export const SERVED_BY_HEADER = "x-fault-served-by";

/** A rotation change (with its reason) or an upstream error (a 502 to the client), in the proxy's timeline. */
export type TProxyEvent = { at: number; upstream: number; event: string };

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
  // With health checks (as a load balancer in front of a rolling restart), shaped like a
  // Kubernetes readiness probe: every 100 ms each upstream's /v1/ready is asked (1 s timeout). One
  // that says it is draining (503 `failed: ["draining"]`, as a terminating pod's endpoint goes at
  // once) is out at the first answer; one that does not answer is out after three failed probes in
  // a row (failureThreshold 3: one slow probe on a loaded instance does not take it out — with a
  // one-strike rule both instances could be out at once and requests would go to a closed port);
  // one success brings it back. A dependency outage (every instance's readiness fails alike, not
  // `draining`) does not take instances out: requests still reach them and get their 503.
  const inRotation = upstreams.map(() => true);
  // What happened when, for a failing test to show: rotation changes (with the reason) and
  // upstream errors (each one a 502 to the client).
  const timeline: TProxyEvent[] = [];
  const setRotation = (i: number, on: boolean, why: string) => {
    if (inRotation[i] !== on) timeline.push({ at: Date.now(), upstream: i, event: `${on ? "in" : "out"}: ${why}` });
    inRotation[i] = on;
  };
  const checking: Array<NodeJS.Timeout | undefined> = upstreams.map(() => undefined);
  let stopped = false;
  if (opts.healthChecks) {
    const misses = upstreams.map(() => 0);
    const check = async (i: number) => {
      const t0 = Date.now();
      try {
        const res = await fetch(`${upstreams[i]}/v1/ready`, { signal: AbortSignal.timeout(1_000) });
        const body = res.ok ? null : ((await res.json().catch(() => ({}))) as { failed?: string[] });
        misses[i] = 0;
        setRotation(i, res.ok || !body?.failed?.includes("draining"), `ready ${res.status} ${body?.failed?.join(",") ?? ""} in ${Date.now() - t0} ms`);
      } catch (e) {
        misses[i]!++;
        if (misses[i]! >= 3) setRotation(i, false, `${misses[i]} ready checks failed, the last after ${Date.now() - t0} ms: ${(e as Error).message}`);
      }
    };
    // each upstream on its own cycle: a slow probe of one does not delay noticing the other drain
    const tick = (i: number) =>
      void check(i).finally(() => {
        if (!stopped) checking[i] = setTimeout(() => tick(i), 100);
      });
    upstreams.forEach((_, i) => tick(i));
  }
  const pick = () => {
    for (let tries = 0; tries < upstreams.length; tries++) {
      const i = next++ % upstreams.length;
      if (inRotation[i]) return i;
    }
    const i = next++ % upstreams.length;
    timeline.push({ at: Date.now(), upstream: i, event: "none in rotation: sent round-robin" });
    return i;
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
      timeline.push({ at: Date.now(), upstream: index, event: `error ${req.method} ${req.url}: ${e.message}${pinned !== undefined ? " (pinned)" : ""}` });
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
    /** Rotation changes and upstream errors, in order. */
    timeline,
    close: () =>
      new Promise<void>((r) => {
        stopped = true;
        checking.forEach((t) => clearTimeout(t));
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
