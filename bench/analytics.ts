import pg from "pg";
import { driveIngest } from "./ingest";
import { benchAdmin, json, statsRow } from "./lib";

/**
 * The analytics scenario: one project with 1 000 000 events (30 % of them session starts) of
 * 50 000 players joining over 90 days, 300 000 finished runs with their level results, level
 * progress from the wins, the players' progress rows, and an A/B exposure for two players in three — seeded set-based (INSERT … SELECT
 * generate_series; the rollup trigger fills the session rollups from the same statements) — then
 * every analytics endpoint's latency, one request at a time, against the goal of p95 ≤ 150 ms.
 */
const ANALYTICS_ROUTES = [
  "analytics/overview", "analytics/funnel?day_n=7", "analytics/session-series?days=90", "analytics/ab", "analytics/case", "leaderboard",
  // the console's players list: its default page, a sort by runs, and a search
  "players", "players?sort=runs", "players?search=user-4",
  // the event log: its first page, and one player's events (across every month of the table)
  "events?limit=50", "events?external_user_id=user-5&limit=50",
];

async function setupAnalyticsProject(base: string) {
  const auth = await benchAdmin(base);
  const project = await json(base, "POST", "/v1/admin/projects", { name: "analytics bench", allowed_origins: [] }, auth);
  const id = project.body.project_id as string;
  const patched = await json(base, "PATCH", `/v1/admin/projects/${id}`, { play_mechanic: "match3_v1", exposure_mode: "ab_test" }, auth);
  if (patched.status !== 200) throw new Error(`project setup: ${JSON.stringify(patched.body)}`);
  return { projectId: id, auth };
}

/** Seeds the project; answers the row counts and the seconds it took. */
async function seedAnalytics(databaseUrl: string, projectId: string, opts: { events: number; players: number; runs: number }) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const t0 = Date.now();
  // Players join evenly over the last 90 days; each has `per` events spread over the weeks after
  // joining (k² × 2 hours after, wrapped into the time since they joined), so there are new,
  // returning and lapsed players on every day. A quarter are anonymous widget players.
  const per = Math.max(1, Math.round(opts.events / opts.players));
  // A deployment that has run for months has a partition per month (migration 0035 creates them as
  // months come); a fresh bench database has them from today on, so the seed's past months get
  // theirs first (skipped before 0035).
  if ((await c.query("SELECT to_regproc('player_event_ensure_month') IS NOT NULL AS partitioned")).rows[0].partitioned) {
    await c.query("SELECT player_event_ensure_month((date_trunc('month', now() AT TIME ZONE 'UTC') - m * interval '1 month')::date) FROM generate_series(1, 4) AS m");
  }
  const join = (p: string) => `(now() - interval '90 days' + (${p} * (90 * 86400.0 / $2)) * interval '1 second')`;
  const life = (p: string) => `greatest(1, extract(epoch FROM now() - ${join(p)}))`;
  const player = (p: string) => `CASE WHEN ${p} % 4 = 0 THEN 'anon_' ELSE 'user-' END || ${p}`;
  for (let done = 0; done < opts.events; ) {
    const n = Math.min(100_000, opts.events - done);
    await c.query(
      `INSERT INTO player_event (project_id, external_user_id, type, source, payload, created_at)
       SELECT $1, ${player("p")},
              (ARRAY['game.started','lobby.viewed','game.level_won','game.started','game.moves','widget.opened','game.started','streak.ui_ack','product_click','game.abandoned'])[((k + p) % 10) + 1],
              'system', '{}', ${join("p")} + ((((k * k * 7200) + (p % 7) * 3600) % ${life("p")}) * interval '1 second')
         FROM generate_series($3::bigint, $3::bigint + $4 - 1) AS g, LATERAL (SELECT g / $5 AS p, g % $5 AS k) x`,
      [projectId, opts.players, done, n, per],
    );
    done += n;
  }
  await c.query(
    `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, end_reason, sequence, score, started_at, last_activity_at, expires_at, ended_at)
     SELECT gen_random_uuid(), $1, ${player("p")}, 'match3_v1', 1, 'seeded', 1, (g % 10) + 1, 1, 1, false, 's', '{}', CASE WHEN g % 3 = 0 THEN 'won' ELSE 'lost' END, 'seeded', 20, (g * 37) % 5000,
            t, t + interval '90 seconds', t + interval '90 seconds', t + interval '90 seconds'
       FROM generate_series(0, $3::bigint - 1) AS g, LATERAL (SELECT g % $2 AS p) x,
            LATERAL (SELECT ${join("p")} + (((g * 7919) % ${life("p")}) * interval '1 second') AS t) s`,
    [projectId, opts.players, opts.runs],
  );
  await c.query(
    `INSERT INTO level_result (run_id, project_id, external_user_id, mechanic, level_id, level_number, outcome, score, is_replay, first_completion, cycle_round, created_at)
     SELECT id, project_id, external_user_id, mechanic, level_id, level_number, status, score, false, false, 1, ended_at FROM game_run WHERE project_id = $1`,
    [projectId],
  );
  // progress as the play path keeps it: a player's best score per level won
  await c.query(
    `INSERT INTO level_progress (project_id, external_user_id, mechanic, level_number, best_score, completions, first_completed_at, updated_at)
     SELECT project_id, external_user_id, mechanic, level_number, max(score), count(*), min(created_at), max(created_at)
       FROM level_result WHERE project_id = $1 AND outcome = 'won' GROUP BY 1, 2, 3, 4`,
    [projectId],
  );
  // progress as the play path keeps it: per player and game, runs started, levels won, last activity
  await c.query(
    `INSERT INTO player_progress (project_id, external_user_id, mechanic, next_level_number, levels_completed, runs_started, updated_at)
     SELECT project_id, external_user_id, mechanic, least(10, count(DISTINCT level_number) FILTER (WHERE status = 'won') + 1), count(DISTINCT level_number) FILTER (WHERE status = 'won'), count(*), max(ended_at)
       FROM game_run WHERE project_id = $1 GROUP BY 1, 2, 3`,
    [projectId],
  );
  // two players in three were shown the widget (A/B), at the time they joined; each row's plays,
  // active days, wins and rewards since then are filled by its insert trigger (migration 0014)
  await c.query(
    `INSERT INTO experiment_cohort (project_id, experiment_key, external_user_id, cohort, show_widget, exposures, first_exposed_at, last_exposed_at)
     SELECT $1, (SELECT experiment_key FROM project WHERE id = $1), ${player("p")}, CASE WHEN p % 2 = 0 THEN 'treatment' ELSE 'control' END, p % 2 = 0, 1 + p % 5,
            ${join("p")}, ${join("p")} + interval '1 hour'
       FROM generate_series(0, $2::bigint - 1) AS p WHERE p % 3 <> 0`,
    [projectId, opts.players],
  );
  // what their retention cost (migration 0032, kept by the claim, spin and purchase triggers; the
  // seed has none of those rows, so it writes the counters directly): one player in two got a reward
  // of one of three types, one in three landed wheel prizes, one in four bought boosters
  await c.query(
    `UPDATE experiment_cohort SET
            rewards = CASE WHEN hashtext(external_user_id) % 2 = 0 THEN 1 + abs(hashtext(external_user_id)) % 3 ELSE 0 END,
            reward_types = CASE WHEN hashtext(external_user_id) % 2 = 0 THEN jsonb_build_object((ARRAY['promo_code', 'points', 'gift'])[1 + abs(hashtext(external_user_id)) % 3], 1 + abs(hashtext(external_user_id)) % 3) ELSE '{}' END,
            reward_value_minor = CASE WHEN hashtext(external_user_id) % 2 = 0 AND abs(hashtext(external_user_id)) % 3 = 0 THEN 500 * (1 + abs(hashtext(external_user_id)) % 3) ELSE 0 END,
            rewards_valued = CASE WHEN hashtext(external_user_id) % 2 = 0 AND abs(hashtext(external_user_id)) % 3 = 0 THEN 1 + abs(hashtext(external_user_id)) % 3 ELSE 0 END,
            wheel_prizes = CASE WHEN abs(hashtext(external_user_id)) % 3 = 1 THEN 1 + abs(hashtext(external_user_id)) % 4 ELSE 0 END,
            wheel_cost_minor = CASE WHEN abs(hashtext(external_user_id)) % 3 = 1 THEN 70 * (1 + abs(hashtext(external_user_id)) % 4) ELSE 0 END,
            boosters = CASE WHEN abs(hashtext(external_user_id)) % 4 = 0 THEN 1 + abs(hashtext(external_user_id)) % 5 ELSE 0 END
      WHERE project_id = $1`,
    [projectId],
  );
  for (const t of ["player_event", "game_run", "level_result", "level_progress", "player_progress", "experiment_cohort", "analytics_player_day", "analytics_player"]) await c.query(`VACUUM ANALYZE ${t}`);
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
type TRouteLatency = { route: string; min: number; p50: number; p95: number; max: number; bytes: number };
async function measureAnalytics(base: string, projectId: string, auth: { authorization: string }, count: number, report: (r: TRouteLatency) => void) {
  const out: TRouteLatency[] = [];
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
    out.push({ route, min: at(0), p50: at(0.5), p95: at(0.95), max: at(1), bytes });
    report(out[out.length - 1]!);
  }
  return out;
}

/**
 * The whole scenario: a project seeded with BENCH_ANALYTICS_EVENTS events (1 000 000 by default),
 * every route 50 times one at a time, then event ingest into it (16 in flight for `seconds`);
 * answers the report's lines.
 */
export async function analyticsScenario(o: { base: string; databaseUrl: string; seconds: number }): Promise<string[]> {
  const project = await setupAnalyticsProject(o.base);
  const seeded = await seedAnalytics(o.databaseUrl, project.projectId, { events: Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000), players: 50_000, runs: 300_000 });
  const lines = [
    `scenario: analytics (one project: ${seeded.events.toLocaleString("en")} events, ${seeded.runs.toLocaleString("en")} runs, ${seeded.players.toLocaleString("en")} players, ${seeded.player_days.toLocaleString("en")} player-days; seeded in ${seeded.seconds.toFixed(0)} s; 50 requests each, one at a time)`,
  ];
  await measureAnalytics(o.base, project.projectId, project.auth, 50, (r) =>
    lines.push(`  ${r.route.padEnd(34)} min ${String(r.min).padStart(6)} ms  p50 ${String(r.p50).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  max ${String(r.max).padStart(6)} ms  ${r.bytes} B (target p95 ≤ 150 ms) ${r.p95 <= 150 ? "MET" : "NOT MET"}`),
  );
  const ingest = await driveIngest({ base: o.base, projectId: project.projectId, auth: project.auth, concurrency: 16, seconds: o.seconds });
  lines.push(statsRow("  ingest: business events", ingest.fresh), statsRow("  ingest: retried keys", ingest.retries) + `  (answered duplicate: ${ingest.duplicates})`);
  return lines;
}
