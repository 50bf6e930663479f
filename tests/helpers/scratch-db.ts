import { randomBytes } from "node:crypto";
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
