import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { pool } from "@/server/db/client";
import type { ReadReplica } from "@/server/db/read-replica";
import { laggedProjectReads } from "@/server/db/replica";
import { databaseUrl } from "@/server/db/url";
import { replaceService } from "@/server/services/container";
import { client, createProject, verifiedAdmin } from "../helpers/api";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * DATABASE_READ_URL may be a balancer over several replicas (a reader endpoint): each connection can
 * reach another replica, with its own replay position. Here two "replicas" are real connections to
 * this database that see different schemas first (search_path): one has replayed the project's
 * erasure (its count is the primary's), one has not (its count is behind: whatever it answers is from
 * before the erasure). The balancer hands them out in turn. No read of the project may ever come from
 * the one behind: the count and the read must come from the same replica. The read here is of the
 * count itself (a table every side has, so the primary needs nothing added): 0 is the state before
 * the erasure, which a lagging replica would show.
 */
let server: TTestServer;
let projectId: string;
const tag = randomBytes(3).toString("hex");
const fresh = `replica_fresh_${tag}`;
const stale = `replica_stale_${tag}`;
const pools: pg.Pool[] = [];
let restore: () => void;
const READ = "SELECT erasures::int AS n FROM erasure_fence WHERE project_id = $1 /* the page's read */";
const isRead = (q: unknown) => (typeof q === "string" ? q : (q as { text?: string })?.text) === READ;
const served: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const call = client(server.url);
  projectId = await createProject(call, await verifiedAdmin(call));
  // the primary: one erasure counted
  await pool().query("INSERT INTO erasure_fence (project_id, erasures) VALUES ($1, 1)", [projectId]);
  for (const [schema, erasures] of [[fresh, 1], [stale, 0]] as const) {
    await pool().query(`CREATE SCHEMA ${schema}`);
    await pool().query(`CREATE TABLE ${schema}.erasure_fence (project_id uuid PRIMARY KEY, erasures bigint NOT NULL)`);
    await pool().query(`INSERT INTO ${schema}.erasure_fence VALUES ($1, $2)`, [projectId, erasures]);
  }
  const replicas = [fresh, stale].map((schema) => {
    const p = new pg.Pool({ connectionString: databaseUrl(), max: 2, options: `-c search_path=${schema},public` });
    pools.push(p);
    return { schema, pool: p };
  });
  // The balancer: each new connection (and each standalone statement) goes to the next replica.
  let turn = 0;
  const next = () => replicas[turn++ % replicas.length]!;
  const balancer = {
    connect: async () => {
      const r = next();
      const c = await r.pool.connect();
      const query = c.query.bind(c);
      return Object.assign(c, { query: (...a: unknown[]) => (served.push(`${r.schema}${isRead(a[0]) ? ":read" : ""}`), (query as (...x: unknown[]) => unknown)(...a)) });
    },
    query: (...a: unknown[]) => {
      const r = next();
      served.push(`${r.schema}${isRead(a[0]) ? ":read" : ""}`);
      return (r.pool.query as (...x: unknown[]) => unknown)(...a);
    },
  };
  const replica = { pool: balancer, up: true, markDown() {}, end: async () => {} } as unknown as ReadReplica;
  restore = replaceService("replica", replica);
});

afterAll(async () => {
  restore?.();
  await Promise.all(pools.map((p) => p.end()));
  await pool().query(`DROP SCHEMA IF EXISTS ${fresh} CASCADE`);
  await pool().query(`DROP SCHEMA IF EXISTS ${stale} CASCADE`);
  await server.close();
});

describe("a read replica address that balances over several replicas", () => {
  it("never shows a player erased on the primary, whichever replica each connection reaches; the one that replayed it serves", async () => {
    for (let i = 0; i < 8; i++) {
      const reads = await laggedProjectReads(projectId);
      const { rows } = await reads.query<{ n: number }>(READ, [projectId]);
      expect(rows).toEqual([{ n: 1 }]);
    }
    // both replicas were reached; the one behind answered no read, the one that had replayed the erasure did
    expect(served).toContain(stale);
    expect(served).not.toContain(`${stale}:read`);
    expect(served).toContain(`${fresh}:read`);
  });
});
