import pg from "pg";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonbBytes, jsonbBytesOver, jsonbText } from "./jsonb-size";

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

describe("jsonb text size", () => {
  it("matches PostgreSQL's own rendering for envelopes", async () => {
    const samples = [
      { command_id: "c-1", sequence: 3, action: "swap", payload: { from: { row: 1, col: 2 }, to: { row: 1, col: 3 } } },
      { command_id: "ünïcödé", sequence: 0, action: "flip", payload: { index: 7, note: "a\"b\\c\n" } },
      { b: 1, a: 2, aa: [1, "x", null, true, { z: 0 }] },
    ];
    for (const s of samples) {
      const { rows } = await client.query("SELECT $1::jsonb::text AS t, octet_length($1::jsonb::text) AS n", [JSON.stringify(s)]);
      expect(jsonbText(s)).toBe(rows[0].t);
      expect(jsonbBytes(s)).toBe(rows[0].n);
    }
  });

  it("orders keys as PostgreSQL does, ASCII or not, at any depth", async () => {
    // Keys of one length in byte order ("Z" < "a" < "é"), shorter first ("é" is two bytes, "ab" too).
    const keyed = fc.oneof(fc.string({ maxLength: 5 }), fc.string({ maxLength: 4, unit: "grapheme" }), fc.constantFrom("a", "Z", "é", "ab", "aé", "€", "😀"));
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.boolean(), fc.constant(null)),
      node: fc.oneof({ depthSize: "small" }, tie("leaf"), fc.dictionary(keyed, tie("node"), { maxKeys: 5 }), fc.array(tie("node"), { maxLength: 3 })),
    })).node;
    await fc.assert(
      fc.asyncProperty(fc.dictionary(keyed, value, { maxKeys: 6 }), async (o) => {
        const { rows } = await client.query("SELECT $1::jsonb::text AS t", [JSON.stringify(o)]);
        expect(jsonbText(o)).toBe(rows[0].t);
      }),
      { numRuns: 150 },
    );
  });

  it("agrees with PostgreSQL on random JSON objects", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean(), fc.constant(null))), async (o) => {
        const { rows } = await client.query("SELECT octet_length($1::jsonb::text) AS n", [JSON.stringify(o)]);
        expect(jsonbBytes(o)).toBe(rows[0].n);
      }),
      { numRuns: 60 },
    );
  });

  it("prints numbers as jsonb's numeric does: every digit, no exponent", async () => {
    const samples = [1e308, -1e21, 1e21, 5e-324, 1.5e-7, 1.2345e25, -2.5e-10, 123.456, 0.000001, 1e-6, 1e-7, Number.MAX_SAFE_INTEGER, -0];
    const floats = fc.double({ noNaN: true, noDefaultInfinity: true });
    for (const n of [...samples, ...fc.sample(floats, { numRuns: 200, seed: 44 })]) {
      const { rows } = await client.query("SELECT $1::jsonb::text AS t", [JSON.stringify({ n })]);
      expect(jsonbText({ n }), String(n)).toBe(rows[0].t);
    }
    // a payload of 480 × 1e308: ~3 KB of JSON, ~148 KB as stored
    const big = { a: Array.from({ length: 480 }, () => 1e308) };
    expect(jsonbBytes(big)).toBeGreaterThan(140_000);
    expect(jsonbBytesOver(big, 4096)).toBe(jsonbBytes(big));
  });

  it("jsonbBytesOver: null exactly when the jsonb text fits, whatever the JSON's shape (separators, nesting, non-ASCII)", () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    fc.assert(
      fc.property(json, fc.integer({ min: 2, max: 400 }), (v, max) => {
        const bytes = jsonbBytes(v);
        expect(jsonbBytesOver(v, max)).toBe(bytes > max ? bytes : null);
      }),
      { numRuns: 400 },
    );
    // the densest case for the bound: separators everywhere, one byte of content between them
    const dense = Array.from({ length: 60 }, () => ({ a: 1, b: 2 }));
    const bytes = jsonbBytes(dense);
    expect(jsonbBytesOver(dense, bytes)).toBeNull();
    expect(jsonbBytesOver(dense, bytes - 1)).toBe(bytes);
  });
});
