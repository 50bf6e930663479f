import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrate } from "@/server/db/migrate";

/**
 * An empty database of its own for a test that needs one (migrations from scratch, a worker
 * process), on the server the suite's global setup chose; `drop` removes it, connections and all.
 */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.PLAYLOOP_TEST_ADMIN_DATABASE_URL!;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A folder holding a copy of every migration before `name`: migrating a scratch database with it
 * gives the schema as it was just before that migration, to seed data a backfill must carry.
 */
export async function migrationsBefore(name: string): Promise<string> {
  const source = path.resolve("prisma/migrations");
  const dir = await mkdtemp(path.join(os.tmpdir(), `migrations-before-${name}-`));
  for (const m of (await readdir(source)).filter((n) => /^\d{4}_/.test(n) && n < name)) await cp(path.join(source, m), path.join(dir, m), { recursive: true });
  return dir;
}

/**
 * For a test of one migration on data written before it: registers the suite's hooks that make a
 * scratch database migrated up to just before `migration` (refusing to go on if that already
 * applied it) and drop it afterwards. `client` is connected to it; `applyIt()` applies `migration`
 * alone and answers what was applied.
 */
export function databaseBeforeMigration(migration: string): { readonly client: pg.Client; applyIt: () => Promise<string[]> } {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let client: pg.Client;
  let dir: string;
  beforeAll(async () => {
    scratch = await scratchDatabase(`playloop_m${migration.slice(0, 4)}`);
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    dir = await migrationsBefore(migration);
    if ((await migrate(scratch.url, dir)).applied.includes(migration)) throw new Error(`${migration} was applied before its test`);
  });
  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });
  return {
    get client() {
      return client;
    },
    async applyIt() {
      await cp(path.resolve("prisma/migrations", migration), path.join(dir, migration), { recursive: true });
      return (await migrate(scratch.url, dir)).applied;
    },
  };
}
