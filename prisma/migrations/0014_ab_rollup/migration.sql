-- A/B cohorts at a million events. `GET …/analytics/ab` joined every exposed player with their
-- player-days since exposure (33 000 × 186 000 rows in the benchmark), their wins (100 000) and
-- their claims to count plays, day-1/day-7 returns, wins and rewards: p95 253 ms. Now each exposure
-- row carries those facts about its player from the first exposure on, kept in the same transaction
-- as the session, the level result or the claim that changes them, so the route reads one row per
-- exposed player and joins nothing.
--
-- Everything counts from first_exposed_at (the instant; it never changes once the row exists):
--   plays        sessions (`game.started` or `play.session_start`) with created_at ≥ first_exposed_at
--   active_mask  bit k set when one of those sessions fell on the exposure's UTC day + k (k < 63);
--                day-N return is bit N (a session on exposure day + N ≥ 1 is always after it)
--   wins         level results won with created_at ≥ first_exposed_at
--   rewards      reward claims created at or after first_exposed_at whose status is `deliverable`
-- (Until now plays counted whole UTC days from the exposure's day, so sessions earlier on the
-- exposure day, before the exposure, were counted too; wins and rewards already used the instant.)
-- One known gap: a session, result or claim stamped after a player's first exposure under a key but
-- written while that exposure row's insert is still uncommitted (the same player, within that one
-- statement) is seen by neither side and not counted.
ALTER TABLE experiment_cohort
  ADD COLUMN plays INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN active_mask BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN wins INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN rewards INTEGER NOT NULL DEFAULT 0;

-- Bit (day − d0) of a mask of the 63 days from d0; days beyond fall off (0).
CREATE FUNCTION analytics_day_bit(d0 DATE, day DATE) RETURNS BIGINT
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN day - d0 BETWEEN 0 AND 62 THEN 1::bigint << (day - d0) ELSE 0 END
$$;

-- Exposures recorded before this migration, in one pass (one new version of each row)
WITH p AS (SELECT c.project_id, c.experiment_key, c.external_user_id, count(*)::int AS plays,
                  bit_or(analytics_day_bit((c.first_exposed_at AT TIME ZONE 'UTC')::date, (e.created_at AT TIME ZONE 'UTC')::date)) AS active_mask
             FROM experiment_cohort c
             JOIN player_event e ON e.project_id = c.project_id AND e.external_user_id = c.external_user_id
                                AND e.created_at >= c.first_exposed_at AND e.type IN ('game.started', 'play.session_start')
            GROUP BY 1, 2, 3),
     w AS (SELECT c.project_id, c.experiment_key, c.external_user_id, count(*)::int AS wins
             FROM experiment_cohort c
             JOIN level_result r ON r.project_id = c.project_id AND r.outcome = 'won' AND r.external_user_id = c.external_user_id AND r.created_at >= c.first_exposed_at
            GROUP BY 1, 2, 3),
     g AS (SELECT c.project_id, c.experiment_key, c.external_user_id, count(*)::int AS rewards
             FROM experiment_cohort c
             JOIN reward_claim rc ON rc.project_id = c.project_id AND rc.status = 'deliverable' AND rc.external_user_id = c.external_user_id AND rc.created_at >= c.first_exposed_at
            GROUP BY 1, 2, 3),
     s AS (SELECT project_id, experiment_key, external_user_id, sum(plays)::int AS plays, bit_or(active_mask) AS active_mask, sum(wins)::int AS wins, sum(rewards)::int AS rewards
             FROM (SELECT project_id, experiment_key, external_user_id, plays, active_mask, 0 AS wins, 0 AS rewards FROM p
                   UNION ALL SELECT project_id, experiment_key, external_user_id, 0, 0, wins, 0 FROM w
                   UNION ALL SELECT project_id, experiment_key, external_user_id, 0, 0, 0, rewards FROM g) x
            GROUP BY 1, 2, 3)
UPDATE experiment_cohort c SET plays = s.plays, active_mask = s.active_mask, wins = s.wins, rewards = s.rewards
  FROM s WHERE c.project_id = s.project_id AND c.experiment_key = s.experiment_key AND c.external_user_id = s.external_user_id;

-- A new exposure row starts from what is already recorded at or after its first_exposed_at:
-- normally nothing (the exposure is stamped now), but a bulk load or a backdated row may find some.
-- Three range reads by player (player_event (project_id, external_user_id, created_at, id),
-- level_result (project_id, outcome, external_user_id, created_at), reward_claim (project_id,
-- external_user_id, created_at)). A repeated exposure (the upsert's ON CONFLICT path, every visit)
-- stops at the primary-key probe. Whatever a caller passes for the four columns is replaced.
CREATE FUNCTION experiment_cohort_from_exposure() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d0 DATE := (NEW.first_exposed_at AT TIME ZONE 'UTC')::date;
BEGIN
  NEW.plays := 0; NEW.active_mask := 0; NEW.wins := 0; NEW.rewards := 0;
  IF EXISTS (SELECT 1 FROM experiment_cohort c WHERE c.project_id = NEW.project_id AND c.experiment_key = NEW.experiment_key AND c.external_user_id = NEW.external_user_id) THEN
    RETURN NEW;
  END IF;
  SELECT count(*), coalesce(bit_or(analytics_day_bit(d0, (e.created_at AT TIME ZONE 'UTC')::date)), 0) INTO NEW.plays, NEW.active_mask
    FROM player_event e
   WHERE e.project_id = NEW.project_id AND e.external_user_id = NEW.external_user_id AND e.created_at >= NEW.first_exposed_at
     AND e.type IN ('game.started', 'play.session_start');
  SELECT count(*) INTO NEW.wins FROM level_result r
   WHERE r.project_id = NEW.project_id AND r.outcome = 'won' AND r.external_user_id = NEW.external_user_id AND r.created_at >= NEW.first_exposed_at;
  SELECT count(*) INTO NEW.rewards FROM reward_claim rc
   WHERE rc.project_id = NEW.project_id AND rc.external_user_id = NEW.external_user_id AND rc.created_at >= NEW.first_exposed_at AND rc.status = 'deliverable';
  RETURN NEW;
END $$;

CREATE TRIGGER experiment_cohort_from_exposure BEFORE INSERT ON experiment_cohort
  FOR EACH ROW EXECUTE FUNCTION experiment_cohort_from_exposure();

-- The session rollup also counts the session on the exposure rows of its player that it falls
-- after: one probe of experiment_cohort (project_id, external_user_id); a player never exposed
-- finds nothing and writes nothing. It goes first, so a session locks its player's cohort rows,
-- then the day row, then the player row: the order an erasure deletes them in.
CREATE OR REPLACE FUNCTION analytics_rollup_session() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d DATE := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  UPDATE experiment_cohort c SET plays = c.plays + 1, active_mask = c.active_mask | analytics_day_bit((c.first_exposed_at AT TIME ZONE 'UTC')::date, d)
   WHERE c.project_id = NEW.project_id AND c.external_user_id = NEW.external_user_id AND c.first_exposed_at <= NEW.created_at;
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

-- A won level result counts on its player's exposure rows it falls after (a lost one never calls this).
CREATE FUNCTION experiment_cohort_count_win() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE experiment_cohort c SET wins = c.wins + 1
   WHERE c.project_id = NEW.project_id AND c.external_user_id = NEW.external_user_id AND c.first_exposed_at <= NEW.created_at;
  RETURN NULL;
END $$;

CREATE TRIGGER level_result_ab_wins AFTER INSERT ON level_result
  FOR EACH ROW WHEN (NEW.outcome = 'won') EXECUTE FUNCTION experiment_cohort_count_win();

-- A claim counts while it is deliverable: +1 when inserted so or released (held/review →
-- deliverable), −1 should it ever leave that status. Other updates (the anonymisation of an erasure,
-- which deletes the cohort rows in the same transaction) do not call this.
CREATE FUNCTION experiment_cohort_count_reward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE experiment_cohort c SET rewards = c.rewards + CASE WHEN NEW.status = 'deliverable' THEN 1 ELSE -1 END
   WHERE c.project_id = NEW.project_id AND c.external_user_id = NEW.external_user_id AND c.first_exposed_at <= NEW.created_at;
  RETURN NULL;
END $$;

CREATE TRIGGER reward_claim_ab_granted AFTER INSERT ON reward_claim
  FOR EACH ROW WHEN (NEW.status = 'deliverable') EXECUTE FUNCTION experiment_cohort_count_reward();
CREATE TRIGGER reward_claim_ab_status AFTER UPDATE OF status ON reward_claim
  FOR EACH ROW WHEN ((OLD.status = 'deliverable') IS DISTINCT FROM (NEW.status = 'deliverable')) EXECUTE FUNCTION experiment_cohort_count_reward();
