import pg from "pg";

/**
 * Autovacuum's stand-in, for a server that has it switched off (this machine's CI configuration
 * does: /etc/postgresql/15/main/conf.d/90-ci.conf). A deployment's PostgreSQL runs autovacuum; the
 * bench measures the service as deployed, so without it the bench's tables would never get
 * statistics and every plan would stay the one made while they were nearly empty — reading a
 * whole level's progress, or a whole project's claims, for one player's row.
 *
 * `settle()` does what autovacuum's default thresholds ask of the bench's database at that moment:
 * ANALYZE a table once 50 + 10 % of its rows changed since the last one, VACUUM it once 50 + 20 %
 * are dead or 1 000 + 20 % were inserted since the last vacuum. The bench calls it before each
 * measured phase and each yardstick, never during one: autovacuum runs whenever it likes, but here
 * it would land in one side of a comparison and not the other. With autovacuum on, or with
 * BENCH_MAINTENANCE=off, it does nothing.
 */
export async function createMaintenance(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const off = (await c.query<{ autovacuum: string }>("SHOW autovacuum")).rows[0]!.autovacuum !== "on";
  const active = off && process.env.BENCH_MAINTENANCE !== "off";
  if (!active) await c.end();
  const totals = { passes: 0, analyzed: 0, vacuumed: 0, ms: 0 };
  return {
    active,
    totals,
    async settle(): Promise<void> {
      if (!active) return;
      const t0 = performance.now();
      const { rows } = await c.query<{ name: string; analyze: boolean; vacuum: boolean }>(
        `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
                s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS analyze,
                s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) AS vacuum
           FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`,
      );
      for (const t of rows) {
        if (t.vacuum) await c.query(`VACUUM ${t.analyze ? "(ANALYZE) " : ""}${t.name}`);
        else if (t.analyze) await c.query(`ANALYZE ${t.name}`);
        if (t.analyze) totals.analyzed++;
        if (t.vacuum) totals.vacuumed++;
      }
      totals.passes++;
      totals.ms += performance.now() - t0;
    },
    async end(): Promise<void> {
      if (active) await c.end();
    },
  };
}

/** Statistics for every table now, whatever autovacuum does (a scenario whose phases must plan alike). */
export async function analyzeAll(databaseUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query("ANALYZE");
  await c.end();
}
