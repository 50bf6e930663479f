-- A game run is updated on every move (its sequence, state and score). Those updates no longer
-- touch an indexed column (activity time and expiry move once a minute, see runActivity), so
-- PostgreSQL can keep each new row version on the same page without new index entries (a HOT
-- update) when the page has room for it: leave a fifth of each page for that. Applies to pages
-- written from now on; existing pages gain room as their rows' old versions are pruned.
ALTER TABLE game_run SET (fillfactor = 80);
