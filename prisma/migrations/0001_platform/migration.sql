-- Platform foundation: audit log, job health and worker registry.
CREATE TABLE audit_log (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id  uuid,
  project_id  uuid,
  action      text NOT NULL,
  target_type text,
  target_id   text,
  metadata    jsonb NOT NULL DEFAULT '{}'::jsonb,
  request_id  text,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_project_id_created_at_idx ON audit_log (project_id, created_at);
CREATE INDEX audit_log_account_id_created_at_idx ON audit_log (account_id, created_at);

CREATE TABLE job_health (
  name              text PRIMARY KEY,
  last_started_at   timestamptz(3),
  last_succeeded_at timestamptz(3),
  last_failed_at    timestamptz(3),
  last_error        text,
  last_duration_ms  integer,
  runs              integer NOT NULL DEFAULT 0,
  failures          integer NOT NULL DEFAULT 0,
  interval_seconds  integer NOT NULL,
  updated_at        timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE worker_instance (
  id           text PRIMARY KEY,
  hostname     text NOT NULL,
  pid          integer NOT NULL,
  started_at   timestamptz(3) NOT NULL,
  heartbeat_at timestamptz(3) NOT NULL
);
