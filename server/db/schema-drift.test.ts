import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPrismaSchema } from "./schema-drift";

/**
 * Fails when prisma/schema.prisma and the database built by prisma/migrations disagree: a table,
 * a column, its type or nullability, a primary key, a unique constraint or an index.
 */
let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

describe("schema drift", () => {
  const model = readPrismaSchema();

  it("has the same tables", async () => {
    const { rows } = await client.query<{ table_name: string }>(
      // A partition (player_event's months, migration 0035) is its parent's storage, not a table of the model.
      `SELECT table_name FROM information_schema.tables t JOIN pg_class c ON c.relname = t.table_name AND c.relnamespace = 'public'::regnamespace
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_migrations' AND NOT c.relispartition`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(model.map((t) => t.name).sort());
  });

  for (const table of model) {
    it(`${table.name}: columns, types, nullability`, async () => {
      const { rows } = await client.query<{ column_name: string; data_type: string; is_nullable: string }>(
        `SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [table.name],
      );
      const live = Object.fromEntries(rows.map((r) => [r.column_name, { type: r.data_type, nullable: r.is_nullable === "YES" }]));
      const expected = Object.fromEntries(table.columns.map((c) => [c.name, { type: c.type, nullable: c.nullable }]));
      expect(live).toEqual(expected);
    });

    it(`${table.name}: primary key, unique constraints and indexes`, async () => {
      const { rows } = await client.query<{ indexdef: string; is_unique: boolean; is_primary: boolean; cols: string[] }>(
        `SELECT i.indisunique AS is_unique, i.indisprimary AS is_primary,
                array_agg(a.attname::text ORDER BY k.ord) AS cols
           FROM pg_index i
           JOIN pg_class t ON t.oid = i.indrelid
           JOIN pg_namespace n ON n.oid = t.relnamespace
           CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
          WHERE n.nspname = 'public' AND t.relname = $1 AND i.indpred IS NULL AND k.ord <= i.indnkeyatts
          GROUP BY i.indexrelid, i.indisunique, i.indisprimary`,
        [table.name],
      );
      const key = (c: string[]) => c.join(",");
      expect(rows.filter((r) => r.is_primary).map((r) => key(r.cols))).toEqual([key(table.primaryKey)]);
      const liveUnique = rows.filter((r) => r.is_unique && !r.is_primary).map((r) => key(r.cols)).sort();
      const liveIndex = rows.filter((r) => !r.is_unique).map((r) => key(r.cols)).sort();
      expect(liveUnique).toEqual(table.uniques.map(key).sort());
      expect(liveIndex).toEqual(table.indexes.map(key).sort());
    });
  }

  it("keeps the partial indexes the domain relies on (not expressible in schema.prisma)", async () => {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '% WHERE %'");
    const byName = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    expect(byName.game_run_one_active_per_player).toMatch(/UNIQUE INDEX .* \(project_id, external_user_id\) WHERE \(status = 'active'::text\)/);
    expect(byName.game_run_expiry_sweep).toMatch(/\(expires_at\) WHERE \(status = 'active'::text\)/);
    expect(byName.reward_claim_release).toMatch(/\(hold_until\) WHERE \(status = 'held'::text\)/);
    expect(byName.webhook_delivery_due).toMatch(/\(next_attempt_at\) WHERE \(status = 'queued'::text\)/);
    expect(byName.fraud_flag_retention).toMatch(/\(created_at\) WHERE \(resolved_at IS NOT NULL\)/);
    expect(byName.wheel_spin_unseen).toMatch(/\(project_id, external_user_id, wheel_id, created_at\) WHERE \(seen_at IS NULL\)/);
    expect(byName.game_run_last_result).toMatch(/\(project_id, external_user_id, ended_at DESC NULLS LAST\) WHERE \(status <> 'active'::text\)/);
    expect(byName.invoice_period_once).toMatch(/UNIQUE INDEX .* \(account_id, period_start\) WHERE \(kind = 'period'::text\)/);
    expect(byName.invoice_unpaid_due_idx).toMatch(/\(due_at\) WHERE \(\(status = 'issued'::text\) AND \(lapsed_at IS NULL\)\)/);
    expect(Object.keys(byName).sort()).toEqual(["fraud_flag_retention", "game_run_expiry_sweep", "game_run_last_result", "game_run_one_active_per_player", "invoice_period_once", "invoice_unpaid_due_idx", "reward_claim_release", "webhook_delivery_due", "wheel_spin_unseen"]);
  });

  it("keeps the storage settings the hot path relies on (not expressible in schema.prisma)", async () => {
    // Runs keep a fifth of each page free for HOT updates (0015).
    const run = await client.query<{ reloptions: string[] | null }>("SELECT reloptions FROM pg_class WHERE relname = 'game_run' AND relkind = 'r'");
    expect(run.rows[0]!.reloptions).toContain("fillfactor=80");
    // A command's stored response is compressed with lz4 where the server has it (0016, set again
    // by 0019, whose type change resets it); the embedded default's binaries do not, and keep the
    // default.
    const lz4 = await client.query("CREATE TEMP TABLE lz4_probe (j jsonb COMPRESSION lz4)").then(
      () => true,
      (e: { code?: string }) => (e.code === "0A000" ? false : Promise.reject(e)),
    );
    const col = await client.query<{ attcompression: string }>(
      "SELECT attcompression FROM pg_attribute WHERE attrelid = 'game_command'::regclass AND attname = 'response'",
    );
    expect(col.rows[0]!.attcompression).toBe(lz4 ? "l" : "");
  });
});
