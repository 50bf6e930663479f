-- An event's idempotency key moves to a table of its own, the first step (expand) towards a
-- player_event partitioned by month (0035): a unique index on a partitioned table must include the
-- partition key, so "one event per (project, source, key)" can no longer be the events' own index.
--
-- player_event_key holds each key once, with the player (so an erasure deletes it) and the time the
-- event was recorded (a retry's answer: received_at). A BEFORE INSERT trigger on player_event claims
-- the key for a keyed row and skips the row when the key was already taken — for every writer, the
-- service's and any other, as the rollup triggers are. Two transactions with one key queue on the
-- key's row: the second skips its event once the first commits (and records it if the first rolls
-- back), as the unique index did. The index stays until 0035, so the previous release (which still
-- says ON CONFLICT (project_id, source, idempotency_key)) runs unchanged against this schema.
CREATE TABLE player_event_key (
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  source           text NOT NULL,
  idempotency_key  text NOT NULL,
  external_user_id text NOT NULL,
  created_at       timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, source, idempotency_key)
);
-- erasure (by player) and retention (by age)
CREATE INDEX player_event_key_project_id_external_user_id_idx ON player_event_key (project_id, external_user_id);
CREATE INDEX player_event_key_created_at_idx ON player_event_key (created_at);

INSERT INTO player_event_key (project_id, source, idempotency_key, external_user_id, created_at)
SELECT project_id, source, idempotency_key, external_user_id, created_at FROM player_event WHERE idempotency_key IS NOT NULL
ON CONFLICT DO NOTHING;

CREATE FUNCTION player_event_claim_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_event_key (project_id, source, idempotency_key, external_user_id, created_at)
  VALUES (NEW.project_id, NEW.source, NEW.idempotency_key, NEW.external_user_id, NEW.created_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL; -- the key was recorded before: this event is a retry, and is not written again
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER player_event_claim_key BEFORE INSERT ON player_event
  FOR EACH ROW WHEN (NEW.idempotency_key IS NOT NULL) EXECUTE FUNCTION player_event_claim_key();
