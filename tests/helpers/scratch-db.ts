import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

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
