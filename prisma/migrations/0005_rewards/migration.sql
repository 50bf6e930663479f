-- Rewards: campaigns turn wins into claims; the fraud gate decides; signed reward webhooks are
-- delivered from an outbox by the worker; a test inbox receives them for integrators.

-- Webhook secrets are derived from the app secret per project and version (never stored);
-- rotation only moves the version. Optional behaviours a project switches on.
ALTER TABLE project ADD COLUMN webhook_secret_version integer NOT NULL DEFAULT 1;
ALTER TABLE project ADD COLUMN webhook_secret_rotated_at timestamptz(3);
ALTER TABLE project ADD COLUMN webhook_dual_signatures boolean NOT NULL DEFAULT false;
ALTER TABLE project ADD COLUMN webhook_lifecycle_events boolean NOT NULL DEFAULT false;
ALTER TABLE project ADD COLUMN webhook_inbox_version integer NOT NULL DEFAULT 1;
-- Fraud gate configuration per project: rule weights and thresholds, decision thresholds.
ALTER TABLE project ADD COLUMN fraud_config jsonb NOT NULL DEFAULT '{}'::jsonb;

-- A keyed hash of the client address a run was started from (never the address itself): the
-- fraud gate counts players per network address.
ALTER TABLE game_run ADD COLUMN client_ip_hash text;
CREATE INDEX game_run_project_id_client_ip_hash_started_at_idx ON game_run (project_id, client_ip_hash, started_at);

CREATE TABLE campaign (
  id               uuid PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  name             text NOT NULL,
  status           text NOT NULL,
  trigger_type     text NOT NULL,
  trigger_params   jsonb NOT NULL,
  reward_type      text NOT NULL,
  reward_metadata  jsonb NOT NULL,
  max_per_user     integer NOT NULL,
  max_total        integer,
  cooldown_seconds integer NOT NULL,
  starts_at        timestamptz(3),
  ends_at          timestamptz(3),
  webhook_url      text,
  claims_count     integer NOT NULL DEFAULT 0,
  created_at       timestamptz(3) NOT NULL,
  updated_at       timestamptz(3) NOT NULL
);
CREATE INDEX campaign_project_id_trigger_type_idx ON campaign (project_id, trigger_type);

CREATE TABLE reward_claim (
  id                     uuid PRIMARY KEY,
  project_id             uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  campaign_id            uuid NOT NULL REFERENCES campaign(id) ON DELETE CASCADE,
  external_user_id       text NOT NULL,
  trigger                text NOT NULL,
  run_id                 uuid,
  mechanic               text,
  level_number           integer,
  level_id               text,
  idempotency_key        text NOT NULL,
  client_idempotency_key text,
  status                 text NOT NULL,
  risk_score             integer NOT NULL,
  risk_reasons           jsonb NOT NULL,
  hold_until             timestamptz(3),
  reject_reason          text,
  decided_by             text NOT NULL,
  created_at             timestamptz(3) NOT NULL,
  updated_at             timestamptz(3) NOT NULL
);
CREATE UNIQUE INDEX reward_claim_project_id_idempotency_key_key ON reward_claim (project_id, idempotency_key);
CREATE INDEX reward_claim_campaign_id_external_user_id_created_at_idx ON reward_claim (campaign_id, external_user_id, created_at);
CREATE INDEX reward_claim_project_id_status_created_at_idx ON reward_claim (project_id, status, created_at);
CREATE INDEX reward_claim_run_id_idx ON reward_claim (run_id);
-- The release job looks only at held claims whose hold has passed.
CREATE INDEX reward_claim_release ON reward_claim (hold_until) WHERE status = 'held';

-- The outbox: a delivery row is written in the claim's transaction; the worker delivers it.
CREATE TABLE webhook_delivery (
  id               uuid PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  claim_id         uuid REFERENCES reward_claim(id) ON DELETE CASCADE,
  kind             text NOT NULL,
  target_url       text,
  payload          jsonb NOT NULL,
  idempotency_key  text NOT NULL,
  status           text NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz(3) NOT NULL,
  lease_until      timestamptz(3),
  last_status      integer,
  last_error       text,
  delivered_at     timestamptz(3),
  created_at       timestamptz(3) NOT NULL,
  updated_at       timestamptz(3) NOT NULL
);
CREATE INDEX webhook_delivery_project_id_created_at_idx ON webhook_delivery (project_id, created_at);
CREATE INDEX webhook_delivery_claim_id_idx ON webhook_delivery (claim_id);
-- The sweeper finds queued deliveries that are due (and whose lease, if any, ran out).
CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE status = 'queued';

CREATE TABLE webhook_attempt (
  id               uuid PRIMARY KEY,
  delivery_id      uuid NOT NULL REFERENCES webhook_delivery(id) ON DELETE CASCADE,
  attempt          integer NOT NULL,
  secret_version   integer NOT NULL,
  started_at       timestamptz(3) NOT NULL,
  duration_ms      integer NOT NULL,
  http_status      integer,
  error            text,
  response_excerpt text
);
CREATE INDEX webhook_attempt_delivery_id_attempt_idx ON webhook_attempt (delivery_id, attempt);

-- What the platform's own test inbox received (the last 50 per project are kept).
CREATE TABLE webhook_inbox_message (
  id               uuid PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  received_at      timestamptz(3) NOT NULL,
  signature_valid  boolean NOT NULL,
  verdict          text NOT NULL,
  secret_version   integer,
  idempotency_key  text,
  headers          jsonb NOT NULL,
  body             text NOT NULL
);
CREATE INDEX webhook_inbox_message_project_id_received_at_idx ON webhook_inbox_message (project_id, received_at);

-- Manual per-player fraud status.
CREATE TABLE player_fraud_status (
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  state            text NOT NULL,
  reason           text,
  expires_at       timestamptz(3),
  updated_by       uuid,
  updated_at       timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, external_user_id)
);

-- Queued only when a claim is deliverable (admin notifications list them).
CREATE TABLE notification (
  id               uuid PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  kind             text NOT NULL,
  external_user_id text,
  claim_id         uuid,
  payload          jsonb NOT NULL,
  created_at       timestamptz(3) NOT NULL,
  read_at          timestamptz(3)
);
CREATE INDEX notification_project_id_created_at_idx ON notification (project_id, created_at);

-- Fraud flags: who resolved them, and the retention job's index.
ALTER TABLE fraud_flag ADD COLUMN resolved_by uuid;
CREATE INDEX fraud_flag_project_id_created_at_idx ON fraud_flag (project_id, created_at);
CREATE INDEX fraud_flag_retention ON fraud_flag (created_at) WHERE resolved_at IS NOT NULL;
