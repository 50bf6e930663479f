-- An erasure must stay true while the erased player's sessions are still valid: a session token is
-- stateless and lives up to 24 hours, and with it the player could write again at once (events, a
-- run, a spend), re-creating the rows the erasure deleted. The erasure writes a marker here — the
-- keyed hash the kept records use (never the id) and the erasure's time — and every player route
-- refuses a session issued before that time (401 `session_erased`). Markers are deleted two days
-- after the erasure by the players' retention job, once every session they could refuse has
-- expired.
CREATE TABLE player_erasure (
  project_id   uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  subject_hash text NOT NULL,
  erased_at    timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, subject_hash)
);
