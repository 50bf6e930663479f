import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { config, overrideConfig } from "@/server/config/env";
import { OutboundError, safeRequest, type TResolve } from "./outbound";

type THandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local receiver that counts TCP connections and requests, with a swappable handler. */
async function startReceiver(host = "127.0.0.1") {
  const state = { connections: 0, requests: [] as Array<{ headers: http.IncomingHttpHeaders; body: string }>, handler: null as THandler | null };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      state.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (state.handler) state.handler(req, res);
      else res.end("ok");
    });
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { state, port, close };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** Every outgoing TCP connect made by this process (the database and Redis clients included). */
let connects: Array<{ host: string; port: number }>;
let connectSpy: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

beforeEach(() => {
  receiver.state.connections = 0;
  receiver.state.requests = [];
  receiver.state.handler = null;
  connects = [];
  const original = net.Socket.prototype.connect;
  connectSpy = vi.spyOn(net.Socket.prototype, "connect").mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    const o = (first ?? {}) as { host?: string; port?: number | string };
    connects.push({ host: String(o.host), port: Number(o.port) });
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  });
});
afterEach(() => connectSpy.mockRestore());

const post = { headers: { "content-type": "application/json" }, body: '{"hello":"world"}' };

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe("safeRequest refuses targets before connecting", () => {
  const blocked = (port: number) => [
    `http://127.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f.0.0.1:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://017700000001:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://127.000.000.001:${port}/`,
    `http://%31%32%37.0.0.1:${port}/`,
    `http://\uff11\uff12\uff17.\uff10.\uff10.\uff11:${port}/`,
    `http://[::1]:${port}/`,
    `http://0:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://[::]:${port}/`,
    `http://localhost:${port}/`,
    `http://LOCALHOST.:${port}/`,
    `http://%6c%6fcalhost:${port}/`,
    `http://api.localhost:${port}/`,
    `https://localhost:${port}/`,
    `http://10.0.0.1:${port}/`,
    `http://172.16.5.4:${port}/`,
    `http://172.31.255.255:${port}/`,
    `http://192.168.1.1:${port}/`,
    `http://169.254.169.254:${port}/latest/meta-data/`,
    `http://[fe80::1]:${port}/`,
    `http://100.64.0.1:${port}/`,
    `http://224.0.0.1:${port}/`,
    `http://255.255.255.255:${port}/`,
    `http://240.0.0.1:${port}/`,
    `http://192.0.2.1:${port}/`,
    `http://[fc00::1]:${port}/`,
    `http://[fd12:3456::1]:${port}/`,
    `http://[ff02::1]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[::ffff:169.254.169.254]:${port}/`,
    `http://[::127.0.0.1]:${port}/`,
    `http://[64:ff9b::127.0.0.1]:${port}/`,
    `http://[64:ff9b::10.0.0.1]:${port}/`,
    `http://[2002:7f00:1::]:${port}/`,
    `http://[2002:c0a8:101::1]:${port}/`,
    `http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${port}/`,
    `http://[2001:db8::1]:${port}/`,
  ];
  const invalid = (port: number) => [
    `http://user:pass@127.0.0.1:${port}/`,
    `http://user@example.com:${port}/`,
    `http://:secret@example.com:${port}/`,
    `ftp://example.com:${port}/`,
    `file:///etc/passwd`,
    `gopher://127.0.0.1:${port}/`,
    `javascript:alert(1)`,
    `not a url`,
    `http://1.2.3.4.5:${port}/`,
    `http://256.0.0.1:${port}/`,
    `http://[fe80::1%25lo]:${port}/`,
  ];

  it("refuses every loopback, private, link-local, reserved and disguised address with blocked_address", async () => {
    const resolve = vi.fn<TResolve>(async () => [{ address: "127.0.0.1", family: 4 }]);
    for (const url of blocked(receiver.port)) {
      const error = await failure(safeRequest(url, { ...post, allowPrivate: false, resolve }));
      expect({ url, reason: error.reason }).toEqual({ url, reason: "blocked_address" });
    }
    // Literals and localhost names are decided without DNS.
    expect(resolve).not.toHaveBeenCalled();
    expect(connects.filter((c) => c.port === receiver.port)).toEqual([]);
    expect(receiver.state.connections).toBe(0);
  });

  it("refuses non-http(s) URLs, credentials and unparsable hosts with invalid_url", async () => {
    for (const url of invalid(receiver.port)) {
      const error = await failure(safeRequest(url, { ...post, allowPrivate: true }));
      expect({ url, reason: error.reason }).toEqual({ url, reason: "invalid_url" });
    }
    expect(connects.filter((c) => c.port === receiver.port)).toEqual([]);
    expect(receiver.state.connections).toBe(0);
  });

  it("refuses a host name that resolves to loopback, or to a public and a private address", async () => {
    for (const answers of [
      [{ address: "127.0.0.1", family: 4 }],
      [{ address: "::ffff:127.0.0.1", family: 6 }],
      [
        { address: "93.184.216.34", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    ]) {
      const resolve = vi.fn<TResolve>(async () => answers);
      const error = await failure(safeRequest(`http://receiver.example:${receiver.port}/hook`, { ...post, allowPrivate: false, resolve }));
      expect(error.reason).toBe("blocked_address");
      expect(resolve).toHaveBeenCalledTimes(1);
    }
    expect(receiver.state.connections).toBe(0);
  });

  it("keeps internal details out of the message", async () => {
    const resolve: TResolve = async () => [{ address: "10.11.12.13", family: 4 }];
    const error = await failure(safeRequest(`http://db.internal:${receiver.port}/`, { ...post, allowPrivate: false, resolve }));
    expect(error.message).not.toMatch(/10\.11|db\.internal|\d{4,}/);
  });

  it("reports a failed lookup as dns_failure", async () => {
    const resolve: TResolve = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), { code: "ENOTFOUND" });
    };
    expect((await failure(safeRequest("http://nowhere.invalid/", { ...post, allowPrivate: false, resolve }))).reason).toBe("dns_failure");
    const empty: TResolve = async () => [];
    expect((await failure(safeRequest("http://nowhere.invalid/", { ...post, allowPrivate: false, resolve: empty }))).reason).toBe("dns_failure");
  });

  it("takes allowPrivate from the configuration when not given", async () => {
    const before = config().webhookAllowPrivateTargets;
    try {
      overrideConfig({ webhookAllowPrivateTargets: false });
      expect((await failure(safeRequest(`http://127.0.0.1:${receiver.port}/`, post))).reason).toBe("blocked_address");
      overrideConfig({ webhookAllowPrivateTargets: true });
      expect((await safeRequest(`http://127.0.0.1:${receiver.port}/`, post)).status).toBe(200);
    } finally {
      overrideConfig({ webhookAllowPrivateTargets: before });
    }
  });
});

describe("safeRequest pins the checked address (DNS rebinding)", () => {
  it("connects to the address it checked, never to what a second lookup would return", async () => {
    let calls = 0;
    const resolve = vi.fn<TResolve>(async () => (calls++ === 0 ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]));
    // No real traffic: the connection to the public address fails on the spot.
    connectSpy.mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      const first = Array.isArray(args[0]) ? args[0][0] : args[0];
      const o = first as { host: string; port: number };
      connects.push({ host: o.host, port: Number(o.port) });
      process.nextTick(() => this.destroy(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })));
      return this;
    });
    const error = await failure(safeRequest(`http://rebind.example:${receiver.port}/hook`, { ...post, allowPrivate: false, resolve, timeoutMs: 2000 }));
    expect(error.reason).toBe("connection_failed");
    expect(error.code).toBe("ECONNREFUSED");
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(connects.filter((c) => c.port === receiver.port)).toEqual([{ host: "93.184.216.34", port: receiver.port }]);
    expect(receiver.state.connections).toBe(0);
  });

  it("sends to the first checked address even when later lookups would answer another one", async () => {
    const other = await startReceiver("127.0.0.2");
    try {
      let calls = 0;
      const resolve = vi.fn<TResolve>(async () => [{ address: calls++ === 0 ? "127.0.0.1" : "127.0.0.2", family: 4 }]);
      // Same port on both loopback addresses is not guaranteed, so aim the URL at ours.
      const result = await safeRequest(`http://rebind.example:${receiver.port}/hook`, { ...post, allowPrivate: true, resolve });
      expect(result.status).toBe(200);
      expect(result.address).toBe("127.0.0.1");
      expect(resolve).toHaveBeenCalledTimes(1);
      expect(receiver.state.requests).toHaveLength(1);
      expect(receiver.state.requests[0]!.headers.host).toBe(`rebind.example:${receiver.port}`);
      expect(other.state.connections).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe("safeRequest talking to a receiver", () => {
  it("lets a local receiver through with allowPrivate and reports status, headers and address", async () => {
    receiver.state.handler = (_req, res) => {
      res.setHeader("x-receiver", "yes");
      res.writeHead(201).end("created");
    };
    const result = await safeRequest(`http://127.0.0.1:${receiver.port}/hook?x=1`, {
      headers: { "content-type": "application/json", "X-Service-Signature": "t=1,v=1,v1=ab", Host: "evil.example", "Content-Length": "1" },
      body: Buffer.from('{"a":1}'),
      allowPrivate: true,
    });
    expect(result).toMatchObject({ status: 201, bodyExcerpt: "created", address: "127.0.0.1" });
    expect(result.headers["x-receiver"]).toBe("yes");
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const seen = receiver.state.requests[0]!;
    expect(seen.body).toBe('{"a":1}');
    expect(seen.headers["x-service-signature"]).toBe("t=1,v=1,v1=ab");
    // Framing headers are ours, whatever the caller passed.
    expect(seen.headers.host).toBe(`127.0.0.1:${receiver.port}`);
    expect(seen.headers["content-length"]).toBe("7");
  });

  it("reuses kept-alive connections to the same checked address", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await safeRequest(`http://127.0.0.1:${receiver.port}/`, { ...post, allowPrivate: true })).status).toBe(200);
    }
    expect(receiver.state.requests).toHaveLength(5);
    // At most one new socket (an earlier test may already have left one in the pool).
    expect(connects.filter((c) => c.port === receiver.port).length).toBeLessThanOrEqual(1);
    expect(receiver.state.connections).toBeLessThanOrEqual(1);
  });

  it("does not follow a redirect to the metadata address", async () => {
    receiver.state.handler = (_req, res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    const result = await safeRequest(`http://127.0.0.1:${receiver.port}/`, { ...post, allowPrivate: true });
    expect(result.status).toBe(302);
    expect(result.headers.location).toBe("http://169.254.169.254/latest/meta-data/");
    expect(receiver.state.requests).toHaveLength(1);
    expect(connects.filter((c) => c.host === "169.254.169.254")).toEqual([]);
  });

  it("gives up at the deadline when the receiver never answers", async () => {
    receiver.state.handler = () => {};
    const t0 = performance.now();
    const error = await failure(safeRequest(`http://127.0.0.1:${receiver.port}/`, { ...post, allowPrivate: true, timeoutMs: 200 }));
    expect(error.reason).toBe("timeout");
    expect(performance.now() - t0).toBeGreaterThanOrEqual(190);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("gives up at the deadline when the body stalls after the headers", async () => {
    receiver.state.handler = (_req, res) => {
      res.writeHead(200);
      res.write("partial");
    };
    const error = await failure(safeRequest(`http://127.0.0.1:${receiver.port}/`, { ...post, allowPrivate: true, timeoutMs: 200 }));
    expect(error.reason).toBe("timeout");
  });

  it("counts DNS against the same deadline", async () => {
    const resolve: TResolve = () => new Promise(() => {});
    const error = await failure(safeRequest("http://slow-dns.example/", { ...post, allowPrivate: false, resolve, timeoutMs: 100 }));
    expect(error.reason).toBe("timeout");
  });

  it("reads at most maxResponseBytes (2048 by default) of the body", async () => {
    receiver.state.handler = (_req, res) => res.end("a".repeat(10_000));
    const result = await safeRequest(`http://127.0.0.1:${receiver.port}/`, { ...post, allowPrivate: true });
    expect(result.bodyExcerpt).toBe("a".repeat(2048));
  });

  it("stops reading an endless body and does not cut a character in half", async () => {
    let timer: NodeJS.Timeout | undefined;
    receiver.state.handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      const pump = () => {
        if (res.destroyed) return;
        res.write("é".repeat(1000));
        timer = setTimeout(pump, 1);
      };
      pump();
    };
    try {
      const result = await safeRequest(`http://127.0.0.1:${receiver.port}/`, { ...post, allowPrivate: true, maxResponseBytes: 5, timeoutMs: 2000 });
      expect(result.bodyExcerpt).toBe("éé");
    } finally {
      clearTimeout(timer);
    }
  });

  it("reports a refused connection and a TLS failure", async () => {
    const closed = await startReceiver();
    const port = closed.port;
    await closed.close();
    expect((await failure(safeRequest(`http://127.0.0.1:${port}/`, { ...post, allowPrivate: true }))).reason).toBe("connection_failed");
    // TLS to a plain HTTP server: the handshake fails.
    const error = await failure(safeRequest(`https://127.0.0.1:${receiver.port}/`, { ...post, allowPrivate: true, timeoutMs: 2000 }));
    expect(error.reason).toBe("tls_failure");
  });
});

describe("safeRequest in local mode (the embedded default on one's own machine)", () => {
  const here = { allowPrivate: false, thisMachine: { refusedPorts: [54329, 3001] } };

  it("lets this machine's receivers through, by address and by localhost name", async () => {
    expect((await safeRequest(`http://127.0.0.1:${receiver.port}/hook`, { ...post, ...here })).status).toBe(200);
    const resolve = vi.fn<TResolve>(async () => [{ address: "127.0.0.1", family: 4 }]);
    expect((await safeRequest(`http://localhost:${receiver.port}/hook`, { ...post, ...here, resolve })).status).toBe(200);
    // A name that resolves to this machine (127.0.0.0/8) is this machine too.
    expect((await safeRequest(`http://shop.test:${receiver.port}/hook`, { ...post, ...here, resolve })).status).toBe(200);
  });

  it("still refuses every other private range, and this machine's database and worker ports", async () => {
    for (const url of ["http://10.0.0.1/", "http://192.168.1.10/", "http://169.254.169.254/latest", "http://[fc00::1]/", "http://100.64.0.1/", "http://[fe80::1]/"]) {
      expect({ url, reason: (await failure(safeRequest(url, { ...post, ...here }))).reason }).toEqual({ url, reason: "blocked_address" });
    }
    for (const port of here.thisMachine.refusedPorts) {
      expect((await failure(safeRequest(`http://127.0.0.1:${port}/`, { ...post, ...here }))).reason).toBe("blocked_address");
      expect((await failure(safeRequest(`http://localhost:${port}/`, { ...post, ...here }))).reason).toBe("blocked_address");
    }
    // A name answering a private address beside this machine's is refused whole.
    const mixed = vi.fn<TResolve>(async () => [{ address: "127.0.0.1", family: 4 }, { address: "10.1.2.3", family: 4 }]);
    expect((await failure(safeRequest(`http://mixed.test:${receiver.port}/`, { ...post, ...here, resolve: mixed }))).reason).toBe("blocked_address");
    expect(receiver.state.requests).toEqual([]);
  });

  it("follows the configuration: on in local mode only", async () => {
    const before = { localMode: config().localMode, webhookAllowPrivateTargets: config().webhookAllowPrivateTargets };
    try {
      overrideConfig({ localMode: false, webhookAllowPrivateTargets: false });
      expect((await failure(safeRequest(`http://127.0.0.1:${receiver.port}/`, post))).reason).toBe("blocked_address");
      overrideConfig({ localMode: true });
      expect((await safeRequest(`http://127.0.0.1:${receiver.port}/`, post)).status).toBe(200);
      expect((await failure(safeRequest(`http://127.0.0.1:${config().workerPort}/`, post))).reason).toBe("blocked_address");
    } finally {
      overrideConfig(before);
    }
  });
});
