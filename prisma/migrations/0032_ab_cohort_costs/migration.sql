-- What a cohort's retention costs (issue 40, cohort economics). Each exposure row already counts its
-- player's deliverable claims from the first exposure on (0014); it now also keeps what those
-- rewards and the player's other gifts cost, in the same transactions, so `GET …/analytics/ab`
-- still reads one row per exposed player and joins nothing:
--   reward_types        deliverable claims by the campaign's reward_type, e.g. {"promo_code": 2}
--   reward_value_minor  their declared value: the campaign's reward_metadata.discount_minor, in minor
--                       units of the project's currency (a metadata `currency` other than the
--                       project's is not added up), counted where given
--   rewards_valued      how many of those claims had a declared value
--   wheel_prizes        wheel spins whose award cost something (cost_minor > 0)
--   wheel_cost_minor    what they cost: the spin's cost_minor (amount × resource_costs_minor when it landed)
--   boosters            boosters the player was given (effect tokens issued)
-- all counted from first_exposed_at on, as plays, wins and rewards are.
ALTER TABLE experiment_cohort
  ADD COLUMN reward_types JSONB NOT NULL DEFAULT '{}',
  ADD COLUMN reward_value_minor BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN rewards_valued INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN wheel_prizes INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN wheel_cost_minor BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN boosters INTEGER NOT NULL DEFAULT 0;

-- A campaign's declared value of one reward in the project's currency, or NULL when it declares
-- none (or declares it in another currency). `custom` metadata is free-form: anything but a
-- non-negative number below 10^12 is not a value.
CREATE FUNCTION campaign_declared_value_minor(metadata JSONB, project_currency TEXT) RETURNS BIGINT
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(metadata -> 'discount_minor') = 'number'
                   AND (metadata -> 'discount_minor')::numeric BETWEEN 0 AND 1e12
                   AND coalesce(metadata ->> 'currency', project_currency) = project_currency
              THEN floor((metadata -> 'discount_minor')::numeric)::bigint END
$$;

-- Exposures recorded before this migration
WITH r AS (SELECT c.project_id, c.experiment_key, c.external_user_id, jsonb_object_agg(t.reward_type, t.n) AS types, sum(t.value)::bigint AS value, sum(t.valued)::int AS valued
             FROM experiment_cohort c
             JOIN LATERAL (SELECT k.reward_type, count(*)::int AS n, coalesce(sum(campaign_declared_value_minor(k.reward_metadata, p.currency)), 0) AS value,
                                  count(campaign_declared_value_minor(k.reward_metadata, p.currency))::int AS valued
                             FROM reward_claim rc JOIN campaign k ON k.id = rc.campaign_id JOIN project p ON p.id = rc.project_id
                            WHERE rc.project_id = c.project_id AND rc.external_user_id = c.external_user_id AND rc.created_at >= c.first_exposed_at AND rc.status = 'deliverable'
                            GROUP BY k.reward_type) t ON true
            GROUP BY 1, 2, 3)
UPDATE experiment_cohort c SET reward_types = r.types, reward_value_minor = r.value, rewards_valued = r.valued
  FROM r WHERE c.project_id = r.project_id AND c.experiment_key = r.experiment_key AND c.external_user_id = r.external_user_id;

UPDATE experiment_cohort c SET wheel_prizes = w.n, wheel_cost_minor = w.cost
  FROM (SELECT c2.project_id, c2.experiment_key, c2.external_user_id, count(*)::int AS n, sum(s.cost_minor)::bigint AS cost
          FROM experiment_cohort c2 JOIN wheel_spin s ON s.project_id = c2.project_id AND s.external_user_id = c2.external_user_id AND s.created_at >= c2.first_exposed_at AND s.cost_minor > 0
         GROUP BY 1, 2, 3) w
 WHERE c.project_id = w.project_id AND c.experiment_key = w.experiment_key AND c.external_user_id = w.external_user_id;

UPDATE experiment_cohort c SET boosters = b.n
  FROM (SELECT c2.project_id, c2.experiment_key, c2.external_user_id, count(*)::int AS n
          FROM experiment_cohort c2 JOIN effect_token e ON e.project_id = c2.project_id AND e.external_user_id = c2.external_user_id AND e.issued_at >= c2.first_exposed_at
         GROUP BY 1, 2, 3) b
 WHERE c.project_id = b.project_id AND c.experiment_key = b.experiment_key AND c.external_user_id = b.external_user_id;

-- A new exposure row starts from what is already recorded at or after its first_exposed_at (as 0014),
-- now with the rewards' types and value, the wheel's prizes and the boosters.
CREATE OR REPLACE FUNCTION experiment_cohort_from_exposure() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d0 DATE := (NEW.first_exposed_at AT TIME ZONE 'UTC')::date;
BEGIN
  NEW.plays := 0; NEW.active_mask := 0; NEW.wins := 0; NEW.rewards := 0;
  NEW.reward_types := '{}'; NEW.reward_value_minor := 0; NEW.rewards_valued := 0; NEW.wheel_prizes := 0; NEW.wheel_cost_minor := 0; NEW.boosters := 0;
  IF EXISTS (SELECT 1 FROM experiment_cohort c WHERE c.project_id = NEW.project_id AND c.experiment_key = NEW.experiment_key AND c.external_user_id = NEW.external_user_id) THEN
    RETURN NEW;
  END IF;
  SELECT count(*), coalesce(bit_or(analytics_day_bit(d0, (e.created_at AT TIME ZONE 'UTC')::date)), 0) INTO NEW.plays, NEW.active_mask
    FROM player_event e
   WHERE e.project_id = NEW.project_id AND e.external_user_id = NEW.external_user_id AND e.created_at >= NEW.first_exposed_at
     AND e.type IN ('game.started', 'play.session_start');
  SELECT count(*) INTO NEW.wins FROM level_result r
   WHERE r.project_id = NEW.project_id AND r.outcome = 'won' AND r.external_user_id = NEW.external_user_id AND r.created_at >= NEW.first_exposed_at;
  SELECT coalesce(sum(t.n), 0), coalesce(jsonb_object_agg(t.reward_type, t.n), '{}'), coalesce(sum(t.value), 0), coalesce(sum(t.valued), 0)
    INTO NEW.rewards, NEW.reward_types, NEW.reward_value_minor, NEW.rewards_valued
    FROM (SELECT k.reward_type, count(*)::int AS n, coalesce(sum(campaign_declared_value_minor(k.reward_metadata, p.currency)), 0) AS value,
                 count(campaign_declared_value_minor(k.reward_metadata, p.currency))::int AS valued
            FROM reward_claim rc JOIN campaign k ON k.id = rc.campaign_id JOIN project p ON p.id = rc.project_id
           WHERE rc.project_id = NEW.project_id AND rc.external_user_id = NEW.external_user_id AND rc.created_at >= NEW.first_exposed_at AND rc.status = 'deliverable'
           GROUP BY k.reward_type) t;
  SELECT count(*), coalesce(sum(s.cost_minor), 0) INTO NEW.wheel_prizes, NEW.wheel_cost_minor FROM wheel_spin s
   WHERE s.project_id = NEW.project_id AND s.external_user_id = NEW.external_user_id AND s.created_at >= NEW.first_exposed_at AND s.cost_minor > 0;
  SELECT count(*) INTO NEW.boosters FROM effect_token e
   WHERE e.project_id = NEW.project_id AND e.external_user_id = NEW.external_user_id AND e.issued_at >= NEW.first_exposed_at;
  RETURN NEW;
END $$;

-- A claim counts while it is deliverable (0014), now with its type and declared value. A player
-- never exposed stops at the first probe; an exposed one reads the campaign and project once.
CREATE OR REPLACE FUNCTION experiment_cohort_count_reward() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s INT := CASE WHEN NEW.status = 'deliverable' THEN 1 ELSE -1 END;
  t TEXT;
  v BIGINT;
BEGIN
  PERFORM 1 FROM experiment_cohort c WHERE c.project_id = NEW.project_id AND c.external_user_id = NEW.external_user_id AND c.first_exposed_at <= NEW.created_at LIMIT 1;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT k.reward_type, campaign_declared_value_minor(k.reward_metadata, p.currency) INTO t, v
    FROM campaign k JOIN project p ON p.id = k.project_id WHERE k.id = NEW.campaign_id;
  t := coalesce(t, 'unknown');
  UPDATE experiment_cohort c SET rewards = c.rewards + s,
         reward_types = jsonb_set(c.reward_types, ARRAY[t], to_jsonb(coalesce((c.reward_types ->> t)::int, 0) + s)),
         reward_value_minor = c.reward_value_minor + s * coalesce(v, 0),
         rewards_valued = c.rewards_valued + CASE WHEN v IS NULL THEN 0 ELSE s END
   WHERE c.project_id = NEW.project_id AND c.external_user_id = NEW.external_user_id AND c.first_exposed_at <= NEW.created_at;
  RETURN NULL;
END $$;

-- A wheel landing that cost something counts on its player's exposure rows it falls after. A spin
-- holds the player's data lock (as an erasure does), so this never races the erasure's deletes.
CREATE FUNCTION experiment_cohort_count_wheel_prize() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE experiment_cohort c SET wheel_prizes = c.wheel_prizes + 1, wheel_cost_minor = c.wheel_cost_minor + NEW.cost_minor
   WHERE c.project_id = NEW.project_id AND c.external_user_id = NEW.external_user_id AND c.first_exposed_at <= NEW.created_at;
  RETURN NULL;
END $$;

CREATE TRIGGER wheel_spin_ab_cost AFTER INSERT ON wheel_spin
  FOR EACH ROW WHEN (NEW.cost_minor > 0) EXECUTE FUNCTION experiment_cohort_count_wheel_prize();

-- A booster given (an effect token issued; spends hold the player's data lock too).
CREATE FUNCTION experiment_cohort_count_booster() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE experiment_cohort c SET boosters = c.boosters + 1
   WHERE c.project_id = NEW.project_id AND c.external_user_id = NEW.external_user_id AND c.first_exposed_at <= NEW.issued_at;
  RETURN NULL;
END $$;

CREATE TRIGGER effect_token_ab_boosters AFTER INSERT ON effect_token
  FOR EACH ROW EXECUTE FUNCTION experiment_cohort_count_booster();
