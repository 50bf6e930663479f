-- The lobby's last result: a player's latest finished run, as an index's first entry instead of a
-- sort over all of the player's runs (its cost stays flat however many runs a player has).
CREATE INDEX game_run_last_result ON game_run (project_id, external_user_id, ended_at DESC NULLS LAST) WHERE status <> 'active';
