import pg from "pg";

/**
 * Autovacuum's stand-in, for a server that has it switched off (this machine's CI configuration
 * does: /etc/postgresql/15/main/conf.d/90-ci.conf). A deployment's PostgreSQL runs autovacuum; the
 * bench measures the service as deployed, so without it the bench's tables would never get
 * statistics and every plan would stay the one made while they were nearly empty — reading a
 * whole level's progress, or a whole project's claims, for one player's row.
 *
 * Every `everyMs` it does what autovacuum's default thresholds ask of the bench's database:
 * ANALYZE a table once 50 + 10 % of its rows changed since the last one, VACUUM it once 50 + 20 %
 * are dead or 1 000 + 20 % were inserted since the last vacuum — throttled as autovacuum is
 * (cost delay 2 ms, limit 200). Autovacuum wakes per database once a minute (`autovacuum_naptime`);
 * the bench's phases last seconds, so it looks more often (BENCH_MAINTENANCE_EVERY_S, default 10;
 * 0 leaves the tables as they are). With autovacuum on it does nothing.
 */
export async function startMaintenance(databaseUrl: string, everyMs: number): Promise<{ stop(): Promise<{ analyzed: number; vacuumed: number }>; active: boolean }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const on = (await c.query<{ autovacuum: string }>("SHOW autovacuum")).rows[0]!.autovacuum === "on";
  if (on || everyMs <= 0) {
    await c.end();
    return { active: false, stop: async () => ({ analyzed: 0, vacuumed: 0 }) };
  }
  await c.query("SET vacuum_cost_delay = 2; SET vacuum_cost_limit = 200");
  let analyzed = 0;
  let vacuumed = 0;
  let stopping = false;
  let wake: (() => void) | null = null;
  const pass = async () => {
    const { rows } = await c.query<{ name: string; analyze: boolean; vacuum: boolean }>(
      `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
              s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS analyze,
              s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) AS vacuum
         FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`,
    );
    for (const t of rows) {
      if (stopping) return;
      if (t.vacuum) {
        await c.query(`VACUUM ${t.analyze ? "(ANALYZE) " : ""}${t.name}`);
        vacuumed++;
        if (t.analyze) analyzed++;
      } else if (t.analyze) {
        await c.query(`ANALYZE ${t.name}`);
        analyzed++;
      }
    }
  };
  const loop = (async () => {
    while (!stopping) {
      await new Promise<void>((r) => {
        const timer = setTimeout(r, everyMs);
        wake = () => (clearTimeout(timer), r());
      });
      if (!stopping) await pass().catch((e: unknown) => console.error(`maintenance pass failed: ${(e as Error).message}`));
    }
  })();
  return {
    active: true,
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      await c.end();
      return { analyzed, vacuumed };
    },
  };
}
