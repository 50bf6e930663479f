import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * Applies prisma/migrations/NNNN_name/migration.sql in order. Each file runs in its own
 * transaction under a session advisory lock (so several instances starting at once apply each
 * migration exactly once) and is recorded with its SHA-256; an applied file whose content changed
 * stops the run, because editing history silently forks databases.
 */
const LOCK_KEY = 7_146_301_001; // arbitrary, constant: identifies "playloop migrations"

export type TMigrationResult = { applied: string[]; skipped: number };

export async function migrate(connectionString: string, dir = path.resolve("prisma/migrations")): Promise<TMigrationResult> {
  const files = await listMigrations(dir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS _migrations (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ name: string; checksum: string }>("SELECT name, checksum FROM _migrations");
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    const applied: string[] = [];
    for (const m of files) {
      const sql = await readFile(m.file, "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const seen = done.get(m.name);
      if (seen !== undefined) {
        if (seen !== checksum) throw new Error(`Migration ${m.name} was changed after it was applied (checksum mismatch)`);
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO _migrations (name, checksum) VALUES ($1, $2)", [m.name, checksum]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`);
      }
      applied.push(m.name);
    }
    for (const name of done.keys()) {
      if (!files.some((f) => f.name === name)) throw new Error(`Database has migration ${name} that is not in ${dir}`);
    }
    return { applied, skipped: files.length - applied.length };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

async function listMigrations(dir: string) {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && /^\d{4}_[a-z0-9_]+$/.test(e.name))
    .map((e) => ({ name: e.name, file: path.join(dir, e.name, "migration.sql") }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
