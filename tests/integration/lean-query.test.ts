import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { CorkedClient } from "@/server/db/corked-client";
import { leanQueryOf } from "@/server/db/lean-query";
import { databaseUrl } from "@/server/db/url";

/**
 * Our clients send plain statements as lean queries (server/db/lean-query.ts): the same answers as
 * the driver's own way, row for row, for every column type the hot paths read, named or not, on
 * the first answer of a statement and on the ones that reuse its columns.
 */
let lean: pg.Client; // a CorkedClient, as our pool and lanes build them
let plain: pg.Client;
beforeAll(async () => {
  lean = new CorkedClient({ connectionString: databaseUrl(), pipeline: true } as pg.ClientConfig);
  plain = new pg.Client({ connectionString: databaseUrl() });
  await Promise.all([lean.connect(), plain.connect()]);
});
afterAll(async () => {
  await Promise.all([lean.end(), plain.end()]);
});

const TYPES = `SELECT $1::int AS i, $2::bigint AS big, $3::numeric AS num, $4::text AS t, $5::jsonb AS j, $6::timestamptz AS at,
  $7::bool AS b, $8::uuid AS id, $9::text[] AS arr, NULL::text AS nothing, $10::float8 AS f, $11::bytea AS bytes`;
const values = (n: number) => [n, "9007199254740993", "12.50", `row ${n}`, JSON.stringify({ n, nested: [1, { x: "y" }] }), new Date(Date.UTC(2026, 10, 29, 12, 0, n)), n % 2 === 0, "6f1c2a7e-0b7e-4a8c-9a51-1b2c3d4e5f60", ["a", "b,c", null], n / 3, Buffer.from([n, 255, 0])];

/** A pipelined CorkedClient of the test's own (a connection whose statements no other test prepared), ended after `use`. */
async function withOwnClient(use: (c: pg.Client) => Promise<void>): Promise<void> {
  const c: pg.Client = new CorkedClient({ connectionString: databaseUrl(), pipeline: true } as pg.ClientConfig);
  await c.connect();
  try {
    await use(c);
  } finally {
    await c.end();
  }
}

function shape(r: pg.QueryResult) {
  return { rows: r.rows, fields: r.fields.map((f) => [f.name, f.dataTypeID, f.format]), rowCount: r.rowCount, command: r.command };
}

describe("lean queries", () => {
  it("answer as the driver does, named (first answer and reused columns) and unnamed, one row and many", async () => {
    for (let n = 0; n < 3; n++) {
      const config = { name: "lean_test_types", text: TYPES, values: values(n) };
      expect(leanQueryOf([config])).not.toBeNull();
      const [a, b] = await Promise.all([lean.query(config), plain.query({ ...config, name: "lean_test_types" })]);
      expect(shape(a)).toEqual(shape(b));
      expect(a.rows[0]).toMatchObject({ i: n, big: "9007199254740993", t: `row ${n}`, nothing: null, b: n % 2 === 0 });
      expect(a.rows[0].at).toBeInstanceOf(Date);
    }
    const unnamed = { text: TYPES, values: values(7) };
    expect(shape(await lean.query(unnamed))).toEqual(shape(await plain.query(unnamed)));
    const many = { name: "lean_test_many", text: "SELECT g AS n, g::text AS s FROM generate_series(1, $1::int) g", values: [50] };
    for (let k = 0; k < 2; k++) expect(shape(await lean.query(many))).toEqual(shape(await plain.query(many)));
    const write = { text: "SELECT 1 AS one WHERE false", values: [] };
    expect(shape(await lean.query(write))).toEqual(shape(await plain.query(write)));
  });

  it("build an answer's columns from its description with the client's type set, again when the same name answers other columns", () => {
    const q = leanQueryOf([{ name: "lean_test_cols", text: "SELECT 1" }])!;
    const internals = q as unknown as { _result: { _types: object; _parsers: unknown[]; fields: unknown[] }; handleRowDescription(m: unknown): void };
    const types = new pg.Client()["_types" as keyof pg.Client] as unknown as object;
    internals._result._types = types;
    internals.handleRowDescription({ fields: [{ name: "a", dataTypeID: 23, format: "text" }] });
    const intParser = internals._result._parsers[0];
    expect((intParser as (v: string) => unknown)("42")).toBe(42);
    // the same statement name answering other columns (a changed table, say): a text column now
    const again = leanQueryOf([{ name: "lean_test_cols", text: "SELECT 1" }])! as unknown as typeof internals;
    again._result._types = types;
    again.handleRowDescription({ fields: [{ name: "a", dataTypeID: 25, format: "text" }] });
    expect((again._result._parsers[0] as (v: string) => unknown)("42")).toBe("42");
  });

  it("fail with the database's error and the caller's stack; the client goes on", async () => {
    const err = await lean.query({ name: "lean_test_fail", text: "SELECT 1 / $1::int AS x", values: [0] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "22012" });
    expect(String((err as Error).stack)).toContain("lean-query.test.ts");
    expect((await lean.query({ name: "lean_test_fail", text: "SELECT 1 / $1::int AS x", values: [2] })).rows).toEqual([{ x: 0 }]);
    // a rejected query inside a pipeline leaves the ones around it their own answers
    const [a, b, c] = await Promise.allSettled([
      lean.query({ text: "SELECT 1 AS a", values: [] }),
      lean.query({ text: "SELECT nope", values: [] }),
      lean.query({ text: "SELECT 3 AS c", values: [] }),
    ]);
    expect(a).toMatchObject({ status: "fulfilled", value: { rows: [{ a: 1 }] } });
    expect(b).toMatchObject({ status: "rejected", reason: { code: "42703" } });
    expect(c).toMatchObject({ status: "fulfilled", value: { rows: [{ c: 3 }] } });
  });

  it("ask a named statement's columns once per connection: later answers come without a RowDescription and read the same", async () => {
    await withOwnClient(async (other) => {
      const counted = (client: pg.Client) => {
        const seen = { rowDescription: 0, noData: 0 };
        const connection = (client as unknown as { connection: { on(e: string, f: () => void): void } }).connection;
        connection.on("rowDescription", () => seen.rowDescription++);
        connection.on("noData", () => seen.noData++);
        return seen;
      };
      const seen = counted(other);
      const config = (n: number) => ({ name: "lean_test_described", text: TYPES, values: values(n) });
      // the first two pipelined: neither has an answer yet, so both ask
      const first = await Promise.all([other.query(config(0)), other.query(config(1))]);
      expect(seen.rowDescription).toBe(2);
      const later = await Promise.all([2, 3, 4, 5].map((n) => other.query(config(n))));
      later.push(await other.query(config(6)));
      expect(seen.rowDescription).toBe(2);
      const plainAnswers: pg.QueryResult[] = [];
      for (let n = 0; n < 7; n++) plainAnswers.push(await plain.query({ ...config(n), name: "lean_test_described" }));
      expect([...first, ...later].map(shape)).toEqual(plainAnswers.map(shape));
      expect(later[4]!.rows[0]).toMatchObject({ i: 6, j: { n: 6, nested: [1, { x: "y" }] } });
      expect(later[4]!.rows[0].at).toBeInstanceOf(Date);

      // a statement without result columns (Describe answers NoData): asked once too
      await other.query("CREATE TEMP TABLE lean_test_rows (x int)");
      const insert = (x: number) => other.query({ name: "lean_test_insert", text: "INSERT INTO lean_test_rows VALUES ($1)", values: [x] });
      for (let x = 0; x < 3; x++) expect(shape(await insert(x))).toEqual({ rows: [], fields: [], rowCount: 1, command: "INSERT" });
      expect(seen.noData).toBe(1);

      // another connection asks for itself
      const elsewhere = counted(lean);
      await lean.query(config(0));
      await lean.query(config(1));
      expect(elsewhere.rowDescription).toBe(1);
    });
  });

  it("a known statement whose table changed fails on its connection, never answers other columns", async () => {
    await withOwnClient(async (c) => {
      await c.query("CREATE TEMP TABLE lean_test_changing (a int)");
      await c.query("INSERT INTO lean_test_changing VALUES (1)");
      const read = { name: "lean_test_star", text: "SELECT * FROM lean_test_changing WHERE a = $1", values: [1] };
      expect((await c.query(read)).rows).toEqual([{ a: 1 }]);
      expect((await c.query(read)).rows).toEqual([{ a: 1 }]);
      await c.query("ALTER TABLE lean_test_changing ADD COLUMN b int");
      await expect(c.query(read)).rejects.toMatchObject({ code: "0A000", message: expect.stringContaining("must not change result type") });
      expect((await c.query({ text: "SELECT 2 AS two", values: [] })).rows).toEqual([{ two: 2 }]);
    });
  });

  it("a row with another number of values than the kept columns fails its query instead of being read with them", async () => {
    // what a pooler that prepares statements again on another server connection could answer after
    // a table change: the same name, other columns; stood in for by preparing the name again in SQL
    await withOwnClient(async (c) => {
      const read = { name: "lean_test_reprepared", text: "SELECT $1::int AS a, $1::int + 1 AS b", values: [1] };
      expect((await c.query(read)).rows).toEqual([{ a: 1, b: 2 }]);
      await c.query("DEALLOCATE lean_test_reprepared");
      await c.query("PREPARE lean_test_reprepared(int) AS SELECT $1 AS a");
      await expect(c.query(read)).rejects.toThrow("answered 1 values for its 2 columns");
      expect((await c.query({ text: "SELECT 4 AS d", values: [] })).rows).toEqual([{ d: 4 }]);
    });
  });

  it("a parameter the driver cannot send fails that query, as the driver's own way does; the client goes on", async () => {
    const config = (v: unknown) => ({ name: "lean_test_param", text: "SELECT $1::text AS v", values: [v] });
    expect((await lean.query(config("a"))).rows).toEqual([{ v: "a" }]);
    const refusing = { toPostgres: () => { throw new Error("no wire form"); } };
    await expect(lean.query(config(refusing))).rejects.toThrow("no wire form");
    expect((await lean.query({ text: "SELECT 3 AS c", values: [] })).rows).toEqual([{ c: 3 }]);
  });

  it("leave every other config to the driver: array rows, type sets, callbacks, strings with values", async () => {
    for (const config of [{ text: "SELECT 1 AS a", rowMode: "array" }, { text: "SELECT 1", types: { getTypeParser: () => (v: string) => v } }, { text: "SELECT 1", query_timeout: 1000 }]) {
      expect(leanQueryOf([config])).toBeNull();
    }
    expect(leanQueryOf(["SELECT $1::int AS a", [1]])).toBeNull();
    expect((await lean.query({ text: "SELECT 1 AS a, 2 AS b", rowMode: "array" })).rows).toEqual([[1, 2]]);
    expect((await lean.query("SELECT $1::int AS a", [5])).rows).toEqual([{ a: 5 }]);
    const viaCallback = await new Promise((resolve, reject) => lean.query("SELECT 6 AS a", (e: Error | null, r: pg.QueryResult) => (e ? reject(e) : resolve(r.rows))));
    expect(viaCallback).toEqual([{ a: 6 }]);
  });
});
