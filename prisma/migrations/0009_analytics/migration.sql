-- Analytics rollups. A session is a play start: a `game.started` event (a game run began) or the
-- legacy widget's `play.session_start`. Every analytics answer (DAU, WAU, return, funnel, series,
-- A/B) is a question about which players started a session on which UTC day, so that fact is kept
-- once per project, day and player instead of being recounted from a million events per request.
-- A trigger fills it from each session event inserted into player_event, whatever code path (or
-- bulk load) inserts it, in the same transaction: a rolled-back event leaves no
-- trace here either. Days are UTC dates of the event's created_at, which comes from the one clock.
CREATE TABLE analytics_player_day (
  project_id UUID NOT NULL,
  day DATE NOT NULL,
  external_user_id TEXT NOT NULL,
  sessions INTEGER NOT NULL,
  CONSTRAINT analytics_player_day_pkey PRIMARY KEY (project_id, day, external_user_id)
);
-- "did this player play on day X" (return, A/B) is a point lookup by player
CREATE INDEX analytics_player_day_player ON analytics_player_day (project_id, external_user_id, day);

-- A player's first session day (their cohort for day-N return and the funnel) and on which of the
-- 63 days from it they played: bit k of active_mask is set when the player had a session on
-- first_day + k. Day-N return is then a bit test on the cohort's rows, not a lookup per player.
CREATE TABLE analytics_player (
  project_id UUID NOT NULL,
  external_user_id TEXT NOT NULL,
  first_day DATE NOT NULL,
  active_mask BIGINT NOT NULL,
  CONSTRAINT analytics_player_pkey PRIMARY KEY (project_id, external_user_id)
);
CREATE INDEX analytics_player_first_day ON analytics_player (project_id, first_day);

-- Two (first day, mask) pairs of one player as one, aligned on the earlier first day; days beyond
-- the 63rd fall off.
CREATE FUNCTION analytics_player_mask_merge(a_first DATE, a_mask BIGINT, b_first DATE, b_mask BIGINT) RETURNS BIGINT
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN b_first >= a_first
              THEN a_mask | CASE WHEN b_first - a_first < 63 THEN b_mask << (b_first - a_first) ELSE 0 END
              ELSE b_mask | CASE WHEN a_first - b_first < 63 THEN a_mask << (a_first - b_first) ELSE 0 END END
$$;

-- A row trigger with a WHEN clause: other event types (most of them) never call the function, so
-- the play path's other inserts pay nothing; a session event adds two single-row upserts in its
-- own transaction. Two sessions of one player lock the day row, then the player row, in that order.
CREATE FUNCTION analytics_rollup_session() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d DATE := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  INSERT INTO analytics_player_day (project_id, day, external_user_id, sessions)
  VALUES (NEW.project_id, d, NEW.external_user_id, 1)
  ON CONFLICT (project_id, day, external_user_id) DO UPDATE SET sessions = analytics_player_day.sessions + 1;
  -- an event older than the player's first day moves first_day back and the mask up with it
  INSERT INTO analytics_player (project_id, external_user_id, first_day, active_mask)
  VALUES (NEW.project_id, NEW.external_user_id, d, 1)
  ON CONFLICT (project_id, external_user_id) DO UPDATE SET
    first_day = LEAST(analytics_player.first_day, EXCLUDED.first_day),
    active_mask = analytics_player_mask_merge(analytics_player.first_day, analytics_player.active_mask, EXCLUDED.first_day, EXCLUDED.active_mask)
   WHERE analytics_player.active_mask IS DISTINCT FROM
         analytics_player_mask_merge(analytics_player.first_day, analytics_player.active_mask, EXCLUDED.first_day, EXCLUDED.active_mask)
      OR EXCLUDED.first_day < analytics_player.first_day;
  RETURN NULL;
END $$;

CREATE TRIGGER player_event_analytics_rollup AFTER INSERT ON player_event
  FOR EACH ROW WHEN (NEW.type IN ('game.started', 'play.session_start')) EXECUTE FUNCTION analytics_rollup_session();

-- Events recorded before this migration
INSERT INTO analytics_player_day (project_id, day, external_user_id, sessions)
SELECT project_id, (created_at AT TIME ZONE 'UTC')::date, external_user_id, count(*)::int
  FROM player_event WHERE type IN ('game.started', 'play.session_start') GROUP BY 1, 2, 3;
INSERT INTO analytics_player (project_id, external_user_id, first_day, active_mask)
SELECT project_id, external_user_id, first_day, bit_or(CASE WHEN day - first_day < 63 THEN 1::bigint << (day - first_day) ELSE 0 END)
  FROM (SELECT project_id, external_user_id, day, min(day) OVER (PARTITION BY project_id, external_user_id) AS first_day FROM analytics_player_day) d
 GROUP BY 1, 2, 3;

-- Overview's preview → play funnel and the case study read one window of events by type through
-- player_event (project_id, type, created_at, id) of migration 0010.
-- Average session length: the runs started in a window (covering, so an index-only scan).
CREATE INDEX game_run_project_started ON game_run (project_id, started_at) INCLUDE (ended_at, last_activity_at);
-- Wins per player for the funnel's completions and the A/B cohorts.
CREATE INDEX level_result_project_outcome ON level_result (project_id, outcome, external_user_id, created_at);
-- Leaderboard: best scores per level, highest first.
CREATE INDEX level_progress_leaderboard ON level_progress (project_id, mechanic, level_number, best_score DESC);
-- Webhook failures and deliveries per window and status.
CREATE INDEX webhook_delivery_project_status ON webhook_delivery (project_id, status, created_at);
-- A/B cohorts: a player's granted rewards since their exposure.
CREATE INDEX reward_claim_project_player ON reward_claim (project_id, external_user_id, created_at);
