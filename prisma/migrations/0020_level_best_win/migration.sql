-- A level's stars in the lobby are the stars of the player's best *win* (a level's score thresholds
-- rate a completed level), but they were read from level_progress.best_score, which every finished
-- run raises, lost ones too: a level won for one star and then lost with a higher score showed
-- three. best_score keeps its meaning (the best score of any finished run: the run view's
-- `level.best_score`, the command's `progression.best_score`/`new_best`, the leaderboards); the
-- best winning score gets a column of its own, written by the same upsert.
ALTER TABLE level_progress ADD COLUMN best_win_score integer NOT NULL DEFAULT 0;

-- From the level results every finished run wrote (erasure deletes both tables together).
UPDATE level_progress lp
   SET best_win_score = w.best
  FROM (SELECT project_id, external_user_id, mechanic, level_number, max(score) AS best
          FROM level_result WHERE outcome = 'won'
         GROUP BY 1, 2, 3, 4) w
 WHERE w.project_id = lp.project_id AND w.external_user_id = lp.external_user_id
   AND w.mechanic = lp.mechanic AND w.level_number = lp.level_number;
