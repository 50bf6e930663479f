import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type pg from "pg";
import { pool, readLane, writeLane } from "@/server/db/client";
import { Lane, LANE_STALL_MS } from "@/server/db/lane";
import { databaseUrl } from "@/server/db/url";
import { ConnectionInTransactionError, withTransaction } from "@/server/db/tx";

/**
 * The lanes: statements of many requests share a few pipelined connections and leave together, and
 * each still gets its own answer or error.
 */
const lanes: Lane[] = [];
afterEach(async () => {
  await Promise.all(lanes.splice(0).map((l) => l.end()));
});

function lane(size: number, fill?: number, more: Partial<ConstructorParameters<typeof Lane>[0]> = {}) {
  const clients: pg.Client[] = [];
  const l = new Lane({ url: databaseUrl(), size, fill, onConnect: (c) => clients.push(c), ...more });
  lanes.push(l);
  return { lane: l, clients };
}

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/** A TCP proxy to PostgreSQL that can stop passing bytes either way: a frozen server, or a peer that dropped the connection without a reset. */
async function freezableProxy() {
  const target = new URL(databaseUrl());
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const close = () => (client.destroy(), upstream.destroy());
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(from);
      from.on("data", (d: Buffer) => void (frozen || to.write(d)));
      from.on("close", close);
      from.on("error", close);
    }
  });
  return { url: await listen(server, sockets), freeze: () => void (frozen = true), thaw: () => void (frozen = false) };
}

/** Listens on a free port; answers a database URL that points there (closed after the test). */
async function listen(server: net.Server, sockets: Set<net.Socket>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(() => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))));
  const url = new URL(databaseUrl());
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return url.toString();
}

/** Counts the socket writes of a client's connection. */
function countWrites(client: pg.Client): { writes: () => number } {
  const stream = (client as unknown as { connection: { stream: { _writev?: (...a: unknown[]) => unknown; _write: (...a: unknown[]) => unknown } } }).connection.stream;
  let writes = 0;
  const { _writev, _write } = stream;
  if (_writev) stream._writev = (...a: unknown[]) => (writes++, _writev.apply(stream, a));
  stream._write = (...a: unknown[]) => (writes++, _write.apply(stream, a));
  return { writes: () => writes };
}

/** `send(1…n)` from n separate callbacks of one event-loop iteration; resolves with what each started. */
function inOneTurn<T>(n: number, send: (i: number) => T): Promise<T[]> {
  return new Promise((resolve) => {
    const started: T[] = [];
    for (let i = 1; i <= n; i++) setImmediate(() => started.push(send(i)));
    setImmediate(() => resolve(started));
  });
}

const twice = (l: Lane, n: number) => l.query<{ v: number; pid: number }>({ name: "lane_twice", text: "SELECT $1::int * 2 AS v, pg_backend_pid() AS pid", values: [n] });

describe("read lane", () => {
  it("sends the reads of one event-loop iteration in one socket write, each answered with its own rows", async () => {
    const { lane: l, clients } = lane(1);
    await twice(l, 0); // opens the connection and prepares the statement
    const { writes } = countWrites(clients[0]!);
    // Fifty reads from separate callbacks of one iteration (as requests whose data arrived together).
    const reads = await inOneTurn(50, (i) => twice(l, i));
    const rows = (await Promise.all(reads)).map((r) => r.rows[0]!);
    expect(rows.map((r) => r.v)).toEqual(Array.from({ length: 50 }, (_, i) => 2 * (i + 1)));
    expect(new Set(rows.map((r) => r.pid)).size).toBe(1);
    expect(writes()).toBe(1);
  });

  it("fails only the read that failed; the ones pipelined with it get their answers", async () => {
    const { lane: l } = lane(1);
    const divide = (n: number) => l.query<{ q: number }>({ text: "SELECT 10 / $1::int AS q", values: [n] });
    const [a, b, c] = await Promise.allSettled([divide(5), divide(0), divide(2)]);
    expect(a).toMatchObject({ status: "fulfilled", value: { rows: [{ q: 2 }] } });
    expect((b as PromiseRejectedResult).reason.code).toBe("22012");
    expect(c).toMatchObject({ status: "fulfilled", value: { rows: [{ q: 5 }] } });
  });

  it("sends new reads to the next connection while the first is stalled behind a slow read", async () => {
    const { lane: l } = lane(2);
    const first = (await twice(l, 1)).rows[0]!.pid;
    let slowDone = false;
    const slow = l.query<{ pid: number }>({ text: "SELECT pg_backend_pid() AS pid FROM pg_sleep(1)" }).then((r) => ((slowDone = true), r.rows[0]!.pid));
    await new Promise((r) => setTimeout(r, LANE_STALL_MS * 4));
    const fast = (await twice(l, 2)).rows[0]!;
    expect(slowDone).toBe(false); // answered while the slow read still ran
    expect(fast.pid).not.toBe(first);
    expect(await slow).toBe(first);
    // once the first is free again, reads go back to it (batches stay large)
    expect((await twice(l, 3)).rows[0]!.pid).toBe(first);
  });

  it("fails the reads of a connection that dies and opens a new one for the next read", async () => {
    const { lane: l } = lane(1);
    const before = (await twice(l, 1)).rows[0]!.pid;
    await pool().query("SELECT pg_terminate_backend($1)", [before]);
    let after: number | null = null;
    for (let i = 0; i < 40 && after === null; i++) {
      try {
        after = (await twice(l, 2)).rows[0]!.pid;
      } catch {
        await new Promise((r) => setTimeout(r, 50)); // the read sent before the connection's end was seen fails
      }
    }
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it("gives up a connection that stops answering: its statements fail, and the next statement opens a new one", async () => {
    const proxy = await freezableProxy();
    const { lane: l, clients } = lane(1, undefined, { url: proxy.url, answerTimeoutMs: 300 });
    expect((await twice(l, 1)).rows[0]!.v).toBe(2);
    proxy.freeze(); // the server no longer answers; no error, no reset: without a watchdog this waits for hours
    await expect(Promise.all([twice(l, 2), twice(l, 3)])).rejects.toThrow();
    proxy.thaw();
    expect((await twice(l, 4)).rows[0]!.v).toBe(8);
    expect(clients).toHaveLength(2);
  });

  it("gives up opening a connection to a server that accepts and never answers", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    const { lane: l } = lane(1, undefined, { url: await listen(silent, sockets), connectTimeoutMs: 300 });
    await expect(twice(l, 1)).rejects.toThrow(/timeout/i);
  });

  it("refuses reads once closed, and opens no connection for them", async () => {
    const { lane: l, clients } = lane(1);
    await twice(l, 1);
    await l.end();
    await expect(twice(l, 2)).rejects.toThrow("the lane is closed");
    expect(clients).toHaveLength(1);
  });

  it("with a fill bound, spreads statements over its connections: at most `fill` on each", async () => {
    const { lane: l } = lane(3, 4);
    const pids = (await Promise.all(Array.from({ length: 12 }, (_v, i) => twice(l, i)))).map((r) => r.rows[0]!.pid);
    const perConnection = [...new Set(pids)].map((pid) => pids.filter((p) => p === pid).length);
    expect(perConnection).toEqual([4, 4, 4]);
  });

  it("with a fill bound and every connection at it, sends one turn's statements together on one connection", async () => {
    const { lane: l, clients } = lane(2, 4);
    await Promise.all(Array.from({ length: 8 }, (_v, i) => twice(l, i))); // opens both connections, prepares the statement
    const counters = clients.map(countWrites);
    // Both connections busy with four slow statements each (at the fill bound, neither stalled yet).
    const busy = Array.from({ length: 8 }, () => l.query({ text: "SELECT pg_sleep(0.015)" }));
    // the busy statements leave (one write per connection) in the turn after they were sent
    for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
    const before = counters.map((c) => c.writes());
    expect(before).toEqual([1, 1]);
    // Four statements of one later turn (as four requests whose data arrived together).
    const turn = await inOneTurn(4, (i) => twice(l, i));
    const rows = (await Promise.all(turn)).map((r) => r.rows[0]!);
    await Promise.all(busy);
    expect(rows.map((r) => r.v)).toEqual([2, 4, 6, 8]);
    expect(new Set(rows.map((r) => r.pid)).size).toBe(1);
    expect(counters.reduce((n, c, i) => n + c.writes() - before[i]!, 0)).toBe(1);
  });

  it("as the write lane: each write commits on its own; one that fails (a duplicate) fails alone", async () => {
    await pool().query("CREATE SCHEMA IF NOT EXISTS lane_test; CREATE TABLE IF NOT EXISTS lane_test.writes (id int PRIMARY KEY)");
    const { lane: l } = lane(2, 4);
    const base = Math.floor(Math.random() * 1e9);
    const insert = (id: number) => l.query({ text: "INSERT INTO lane_test.writes (id) VALUES ($1)", values: [id] });
    const results = await Promise.allSettled([insert(base), insert(base), insert(base + 1), insert(base + 2)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(((results[1] as PromiseRejectedResult).reason as { code: string }).code).toBe("23505");
    const { rows } = await pool().query("SELECT id FROM lane_test.writes WHERE id = ANY($1) ORDER BY id", [[base, base + 1, base + 2]]);
    expect(rows.map((r) => r.id)).toEqual([base, base + 1, base + 2]);
  });

  it("is refused inside a transaction, and cancels a read that runs for seconds", async () => {
    await withTransaction(async () => {
      expect(() => readLane()).toThrow(ConnectionInTransactionError);
      expect(() => writeLane()).toThrow(ConnectionInTransactionError);
    });
    const timeout = (await readLane().query<{ t: string }>({ text: "SELECT current_setting('statement_timeout') AS t" })).rows[0]!.t;
    expect(timeout).toBe("5s");
  });
});
