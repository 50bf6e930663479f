-- Economy: per-player balances, an append-only ledger, idempotent operations, and the single-use
-- effect tokens that boosters bought with the economy are played with.

ALTER TABLE project ADD COLUMN economy_enabled boolean NOT NULL DEFAULT true;
-- The project's resources, boosters and starting balances; '{}' means the defaults.
ALTER TABLE project ADD COLUMN economy_config jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE project ADD COLUMN economy_config_revision integer NOT NULL DEFAULT 1;

CREATE TABLE player_balance (
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  resource_id      text NOT NULL,
  balance          bigint NOT NULL,
  updated_at       timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, external_user_id, resource_id),
  -- Never below zero, whatever the code does.
  CONSTRAINT player_balance_never_negative CHECK (balance >= 0)
);

-- Every change of a balance is one row: what moved, why, and the balance after it.
CREATE TABLE ledger_entry (
  id               uuid PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  resource_id      text NOT NULL,
  amount           bigint NOT NULL,
  balance_after    bigint NOT NULL,
  source           text NOT NULL,
  reference        text,
  idempotency_key  text,
  created_at       timestamptz(3) NOT NULL
);
CREATE INDEX ledger_entry_project_id_external_user_id_created_at_idx ON ledger_entry (project_id, external_user_id, created_at);

-- Idempotency is data: the first use of a key within a project stores its request and result;
-- a repeat answers the stored result, a different request with the same key is a conflict.
CREATE TABLE economy_operation (
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  idempotency_key  text NOT NULL,
  kind             text NOT NULL,
  request_hash     text NOT NULL,
  external_user_id text NOT NULL,
  result           jsonb NOT NULL,
  created_at       timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, idempotency_key)
);

-- A booster bought is a single-use token for its buyer, bound to the run it is played in.
CREATE TABLE effect_token (
  id               uuid PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  booster_id       text NOT NULL,
  mechanic         text NOT NULL,
  effect           text NOT NULL,
  status           text NOT NULL,
  issued_at        timestamptz(3) NOT NULL,
  expires_at       timestamptz(3) NOT NULL,
  used_at          timestamptz(3),
  used_run_id      uuid,
  used_sequence    integer
);
CREATE INDEX effect_token_project_id_external_user_id_status_idx ON effect_token (project_id, external_user_id, status);
