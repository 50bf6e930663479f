-- The receiver check's reports: test deliveries sent to an integrator's endpoint and what each
-- answer showed (docs/integrate/webhooks.md). The newest reports of a project are kept for the
-- Webhooks page; older ones are deleted as new ones are written.
CREATE TABLE webhook_receiver_check (
  id           uuid PRIMARY KEY,
  project_id   uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  url          text NOT NULL,
  verdict      text NOT NULL,
  checks       jsonb NOT NULL,
  latency_ms   integer,
  started_at   timestamptz(3) NOT NULL,
  finished_at  timestamptz(3) NOT NULL,
  -- `admin` or `api_key`, and which one: the audit trail names the person or key.
  started_by   text NOT NULL
);
CREATE INDEX webhook_receiver_check_project_started ON webhook_receiver_check (project_id, started_at DESC);
