import pg from "pg";
import { benchAdmin, json } from "./lib";

/**
 * The analytics scenario: one project with 1 000 000 events (30 % of them session starts, over 90
 * days and 20 000 players), 300 000 finished runs with their level results, level progress for
 * every player on 10 levels and an A/B exposure per player — seeded set-based (INSERT … SELECT
 * generate_series; the rollup trigger fills the session rollups from the same statements) — then
 * every analytics endpoint's latency, one request at a time, against the goal of p95 ≤ 150 ms.
 */
export const ANALYTICS_ROUTES = ["analytics/overview", "analytics/funnel?day_n=7", "analytics/session-series?days=90", "analytics/ab", "analytics/case", "leaderboard"];

export async function setupAnalyticsProject(base: string) {
  const auth = await benchAdmin(base);
  const project = await json(base, "POST", "/v1/admin/projects", { name: "analytics bench", allowed_origins: [] }, auth);
  const id = project.body.project_id as string;
  const patched = await json(base, "PATCH", `/v1/admin/projects/${id}`, { play_mechanic: "match3_v1", exposure_mode: "ab_test" }, auth);
  if (patched.status !== 200) throw new Error(`project setup: ${JSON.stringify(patched.body)}`);
  return { projectId: id, auth };
}

/** Seeds the project; answers the row counts and the seconds it took. */
export async function seedAnalytics(databaseUrl: string, projectId: string, opts: { events: number; players: number; runs: number }) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const t0 = Date.now();
  const span = 90 * 86_400;
  // every 4th player is an anonymous widget player
  const player = (g: string) => `CASE WHEN ${g} % 4 = 0 THEN 'anon_' ELSE 'user-' END || (${g} % $2)`;
  for (let done = 0; done < opts.events; ) {
    const n = Math.min(100_000, opts.events - done);
    await c.query(
      `INSERT INTO player_event (project_id, external_user_id, type, source, payload, created_at)
       SELECT $1, ${player("g")},
              (ARRAY['game.started','game.started','game.started','lobby.viewed','widget.opened','game.level_won','game.moves','streak.ui_ack','product_click','game.abandoned'])[(g % 10) + 1],
              'system', '{}', now() - (((g * 7919) % $3) || ' seconds')::interval
         FROM generate_series($4::bigint, $4::bigint + $5 - 1) AS g`,
      [projectId, opts.players, span, done, n],
    );
    done += n;
  }
  await c.query(
    `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, end_reason, sequence, score, started_at, last_activity_at, expires_at, ended_at)
     SELECT gen_random_uuid(), $1, ${player("g")}, 'match3_v1', 1, 'seeded', 1, (g % 10) + 1, 1, 1, false, 's', '{}', CASE WHEN g % 3 = 0 THEN 'won' ELSE 'lost' END, 'seeded', 20, (g * 37) % 5000,
            t, t + interval '90 seconds', t + interval '90 seconds', t + interval '90 seconds'
       FROM generate_series(1, $3::bigint) AS g, LATERAL (SELECT now() - (((g * 104729) % $4) || ' seconds')::interval AS t) s`,
    [projectId, opts.players, opts.runs, span],
  );
  await c.query(
    `INSERT INTO level_result (run_id, project_id, external_user_id, mechanic, level_id, level_number, outcome, score, is_replay, first_completion, cycle_round, created_at)
     SELECT id, project_id, external_user_id, mechanic, level_id, level_number, status, score, false, false, 1, ended_at FROM game_run WHERE project_id = $1`,
    [projectId],
  );
  await c.query(
    `INSERT INTO level_progress (project_id, external_user_id, mechanic, level_number, best_score, completions, updated_at)
     SELECT $1, ${player("p")}, 'match3_v1', l, (p * 31 + l * 17) % 5000, 1, now() FROM generate_series(0, $2::bigint - 1) AS p, generate_series(1, 10) AS l`,
    [projectId, opts.players],
  );
  await c.query(
    `INSERT INTO experiment_cohort (project_id, experiment_key, external_user_id, cohort, show_widget, exposures, first_exposed_at, last_exposed_at)
     SELECT $1, (SELECT experiment_key FROM project WHERE id = $1), ${player("p")}, CASE WHEN p % 2 = 0 THEN 'treatment' ELSE 'control' END, p % 2 = 0, 1 + p % 5,
            now() - ((p % 60) || ' days')::interval, now() - ((p % 7) || ' days')::interval
       FROM generate_series(0, $2::bigint - 1) AS p`,
    [projectId, opts.players],
  );
  for (const t of ["player_event", "game_run", "level_result", "level_progress", "experiment_cohort", "analytics_player_day", "analytics_player"]) await c.query(`VACUUM ANALYZE ${t}`);
  await c.query("CHECKPOINT");
  const counts = (
    await c.query(
      `SELECT (SELECT count(*) FROM player_event WHERE project_id = $1)::int AS events, (SELECT count(*) FROM game_run WHERE project_id = $1)::int AS runs,
              (SELECT count(*) FROM analytics_player_day WHERE project_id = $1)::int AS player_days, (SELECT count(*) FROM analytics_player WHERE project_id = $1)::int AS players`,
      [projectId],
    )
  ).rows[0] as { events: number; runs: number; player_days: number; players: number };
  await c.end();
  return { ...counts, seconds: (Date.now() - t0) / 1000 };
}

/** Each route `count` times, one at a time (after a few warm-up calls): p50, p95, max in ms. */
export async function measureAnalytics(base: string, projectId: string, auth: { authorization: string }, count: number) {
  const out: Array<{ route: string; p50: number; p95: number; max: number; bytes: number }> = [];
  for (const route of ANALYTICS_ROUTES) {
    const url = `${base}/v1/admin/projects/${projectId}/${route}`;
    let bytes = 0;
    for (let i = 0; i < 3; i++) await (await fetch(url, { headers: auth })).arrayBuffer();
    const samples: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: auth });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${Buffer.from(body).toString()}`);
      samples.push(performance.now() - t0);
      bytes = body.byteLength;
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]! * 10) / 10;
    out.push({ route, p50: at(0.5), p95: at(0.95), max: at(1), bytes });
  }
  return out;
}
