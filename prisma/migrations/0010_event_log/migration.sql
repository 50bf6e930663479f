-- The admin event log pages by keyset on (created_at, id) descending, optionally narrowed to one
-- event type or one player. Each filter gets an index that ends in (created_at, id), so a page is
-- one backward index range scan that stops after `limit + 1` rows however many events a project
-- has, and the CSV export walks the same indexes batch by batch.
-- (project_id, created_at) and (project_id, external_user_id) become prefixes of the new
-- indexes: replaced rather than kept, so the event insert path maintains one index more, not three.
DROP INDEX IF EXISTS player_event_project_id_created_at_idx;
DROP INDEX IF EXISTS player_event_project_id_external_user_id_idx;
CREATE INDEX player_event_project_id_created_at_id_idx ON player_event (project_id, created_at, id);
CREATE INDEX player_event_project_id_external_user_id_created_at_id_idx ON player_event (project_id, external_user_id, created_at, id);
CREATE INDEX player_event_project_id_type_created_at_id_idx ON player_event (project_id, type, created_at, id);
