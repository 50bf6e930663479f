-- player_event is the table that grows with traffic. It becomes partitioned by month of created_at
-- (UTC), so raw events can age out by dropping whole months (the events.partitions job, after
-- EVENT_RETENTION_MONTHS) instead of deleting rows; the rollups analytics read are other tables and
-- stay. A unique index on a partitioned table must include the partition key, so the idempotency
-- rule lives in player_event_key since 0034 (its trigger is recreated here), and the old
-- (project_id, source, idempotency_key) index goes: this is the contract step of 0034 — the release
-- before 0034 still says ON CONFLICT on that index and must not run against this schema (upgrade
-- through a release with 0034 first; docs/operations/event-retention.md).
--
-- Each month is one partition, player_event_YYYY_MM; player_event_default catches anything outside
-- the months created (a clock far off, an old backfill), so no insert ever fails for want of a
-- partition. Partitions exist from the oldest event's month to 12 months ahead; the job keeps 3
-- months ahead and moves any rows of a new month out of the default partition as it creates it.
ALTER TABLE player_event RENAME TO player_event_unpartitioned;
ALTER SEQUENCE player_event_id_seq OWNED BY NONE;

CREATE TABLE player_event (
  id               bigint NOT NULL DEFAULT nextval('player_event_id_seq'),
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  type             text NOT NULL,
  source           text NOT NULL,
  payload          jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_id           uuid,
  session_id       text,
  idempotency_key  text,
  created_at       timestamptz(3) NOT NULL
) PARTITION BY RANGE (created_at);
ALTER SEQUENCE player_event_id_seq OWNED BY player_event.id;
CREATE TABLE player_event_default PARTITION OF player_event DEFAULT;

-- The month starting at `month_start` (a date, its 1st) as a partition, unless it exists; rows of
-- that month in the default partition move into it first. Answers whether it created one.
CREATE FUNCTION player_event_ensure_month(month_start date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  part text := 'player_event_' || to_char(month_start, 'YYYY_MM');
  lo timestamptz := date_trunc('month', month_start)::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := (date_trunc('month', month_start) + interval '1 month')::timestamp AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(part) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE player_event INCLUDING DEFAULTS)', part);
  EXECUTE format('WITH moved AS (DELETE FROM player_event_default WHERE created_at >= $1 AND created_at < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved', part) USING lo, hi;
  EXECUTE format('ALTER TABLE player_event ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  RETURN true;
END $$;

SELECT player_event_ensure_month(m::date)
  FROM generate_series(
         date_trunc('month', coalesce((SELECT min(created_at) FROM player_event_unpartitioned), now()) AT TIME ZONE 'UTC'),
         date_trunc('month', now() AT TIME ZONE 'UTC') + interval '12 months',
         interval '1 month') AS m;

-- The rows, before the indexes and triggers (a bulk copy; the key trigger would take every keyed
-- row for a retry, the rollup trigger would count every session twice).
INSERT INTO player_event (id, project_id, external_user_id, type, source, payload, run_id, session_id, idempotency_key, created_at)
SELECT id, project_id, external_user_id, type, source, payload, run_id, session_id, idempotency_key, created_at FROM player_event_unpartitioned;
DROP TABLE player_event_unpartitioned;

ALTER TABLE player_event ADD PRIMARY KEY (id, created_at);
CREATE INDEX player_event_project_id_created_at_id_idx ON player_event (project_id, created_at, id);
CREATE INDEX player_event_project_id_external_user_id_created_at_id_idx ON player_event (project_id, external_user_id, created_at, id);
CREATE INDEX player_event_project_id_type_created_at_id_idx ON player_event (project_id, type, created_at, id);

CREATE TRIGGER player_event_claim_key BEFORE INSERT ON player_event
  FOR EACH ROW WHEN (NEW.idempotency_key IS NOT NULL) EXECUTE FUNCTION player_event_claim_key();
CREATE TRIGGER player_event_analytics_rollup AFTER INSERT ON player_event
  FOR EACH ROW WHEN (NEW.type IN ('game.started', 'play.session_start')) EXECUTE FUNCTION analytics_rollup_session();
