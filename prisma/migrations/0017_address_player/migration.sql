-- The fraud gate's shared-address signal counts the distinct players who started runs from a
-- claim's network address (keyed hash) in the last 24 hours. Counted over game_run, its cost grew
-- with the address's runs: 20 300 runs from one address (a player farming, or the bench's load
-- generator on 127.0.0.1) cost ~13 ms per claim, read inside the claim's transaction. This rollup
-- keeps one row per project, address and player with the player's latest start there, written by
-- the run's own start statement; the gate counts its rows (capped), so the cost follows the number
-- of players on the address, not their runs. Rows older than two days are purged hourly by the
-- fraud retention job (a sequential scan of a small table: no index on last_started_at, so the
-- start's update of it stays a heap-only tuple update).
CREATE TABLE address_player (
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  client_ip_hash   text NOT NULL,
  external_user_id text NOT NULL,
  last_started_at  timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, client_ip_hash, external_user_id)
) WITH (fillfactor = 90);

INSERT INTO address_player (project_id, client_ip_hash, external_user_id, last_started_at)
SELECT project_id, client_ip_hash, external_user_id, max(started_at)
  FROM game_run
 WHERE client_ip_hash IS NOT NULL AND started_at > now() - interval '2 days'
 GROUP BY 1, 2, 3;

-- Only the gate's count used it: one index fewer to maintain on every run start.
DROP INDEX game_run_project_id_client_ip_hash_started_at_idx;

-- The count is capped at 1 000 players (see server/domain/fraud/signals.ts), so the rule's
-- thresholds are too: a stored value above the cap is lowered to it.
UPDATE project SET fraud_config = jsonb_set(fraud_config, '{rules,shared_address,players}', '1000')
 WHERE jsonb_typeof(fraud_config #> '{rules,shared_address,players}') = 'number' AND (fraud_config #>> '{rules,shared_address,players}')::numeric > 1000;
UPDATE project SET fraud_config = jsonb_set(fraud_config, '{rules,shared_address,players_high}', '1000')
 WHERE jsonb_typeof(fraud_config #> '{rules,shared_address,players_high}') = 'number' AND (fraud_config #>> '{rules,shared_address,players_high}')::numeric > 1000;
