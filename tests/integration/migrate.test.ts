import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/server/db/migrate";
import { scratchDatabase } from "../helpers/scratch-db";

/** The project's own migrate command: ordered, recorded, checksum-verified, safe under concurrency. */
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let url: string;
let dir: string;

beforeAll(async () => {
  scratch = await scratchDatabase("playloop_migrate");
  url = scratch.url;
  dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
  await mkdir(path.join(dir, "0001_first"));
  await writeFile(path.join(dir, "0001_first", "migration.sql"), "CREATE TABLE t1 (id int PRIMARY KEY);");
  await mkdir(path.join(dir, "0002_second"));
  await writeFile(path.join(dir, "0002_second", "migration.sql"), "CREATE TABLE t2 (id int PRIMARY KEY);");
});

afterAll(async () => {
  await scratch.drop();
});

describe("migrate", () => {
  it("applies each migration exactly once when several instances start together", async () => {
    const results = await Promise.all([migrate(url, dir), migrate(url, dir), migrate(url, dir)]);
    expect(results.flatMap((r) => r.applied).sort()).toEqual(["0001_first", "0002_second"]);
    const again = await migrate(url, dir);
    expect(again).toEqual({ applied: [], skipped: 2 });
  });

  it("refuses to continue when an applied migration was edited", async () => {
    await writeFile(path.join(dir, "0001_first", "migration.sql"), "CREATE TABLE t1 (id bigint PRIMARY KEY);");
    await expect(migrate(url, dir)).rejects.toThrow(/0001_first was changed/);
  });

  it("rolls back a failing migration and records nothing for it", async () => {
    await writeFile(path.join(dir, "0001_first", "migration.sql"), "CREATE TABLE t1 (id int PRIMARY KEY);");
    await mkdir(path.join(dir, "0003_broken"));
    await writeFile(path.join(dir, "0003_broken", "migration.sql"), "CREATE TABLE t3 (id int); SELECT * FROM missing_table;");
    await expect(migrate(url, dir)).rejects.toThrow(/0003_broken failed/);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query("SELECT to_regclass('t3') AS t3, (SELECT count(*)::int FROM _migrations) AS n");
    await c.end();
    expect(rows[0]).toEqual({ t3: null, n: 2 });
  });
});
