-- Identity and projects: admin accounts, the admin session registry, TOTP 2FA, projects,
-- API keys and A/B experiment cohorts.
CREATE TABLE admin_account (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email               text NOT NULL,
  password_hash       text NOT NULL,
  created_at          timestamptz(3) NOT NULL DEFAULT now(),
  password_changed_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_account_email_key ON admin_account (email);

-- The registry behind every admin JWT: only the SHA-256 of the token is stored.
CREATE TABLE admin_session (
  id                   uuid PRIMARY KEY,
  account_id           uuid NOT NULL REFERENCES admin_account(id) ON DELETE CASCADE,
  token_hash           text NOT NULL,
  created_at           timestamptz(3) NOT NULL,
  expires_at           timestamptz(3) NOT NULL,
  revoked_at           timestamptz(3),
  two_factor_verified_at timestamptz(3)
);
CREATE UNIQUE INDEX admin_session_token_hash_key ON admin_session (token_hash);
CREATE INDEX admin_session_account_id_id_idx ON admin_session (account_id, id);

CREATE TABLE admin_two_factor (
  account_id        uuid PRIMARY KEY REFERENCES admin_account(id) ON DELETE CASCADE,
  secret_encrypted  text NOT NULL,
  confirmed_at      timestamptz(3),
  last_used_step    bigint NOT NULL DEFAULT 0,
  created_at        timestamptz(3) NOT NULL DEFAULT now(),
  updated_at        timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE admin_recovery_code (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id  uuid NOT NULL REFERENCES admin_account(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  used_at     timestamptz(3),
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_recovery_code_code_hash_key ON admin_recovery_code (code_hash);
CREATE INDEX admin_recovery_code_account_id_idx ON admin_recovery_code (account_id);

CREATE TABLE project (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_account_id     uuid NOT NULL REFERENCES admin_account(id) ON DELETE CASCADE,
  name                 text NOT NULL,
  allowed_origins      text[] NOT NULL DEFAULT '{}',
  active_template_id   text,
  primary_color        text NOT NULL DEFAULT '#4f46e5',
  game_mode            text NOT NULL DEFAULT 'free_play',
  webhook_url          text,
  exposure_mode        text NOT NULL DEFAULT 'all',
  play_mechanic        text,
  entry_mode           text NOT NULL DEFAULT 'lobby',
  lobby_wheel_enabled  boolean NOT NULL DEFAULT false,
  play_config_revision integer NOT NULL DEFAULT 1,
  experiment_key       text NOT NULL,
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  updated_at           timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX project_owner_account_id_idx ON project (owner_account_id);

CREATE TABLE api_key (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id   uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  name         text NOT NULL,
  scopes       text[] NOT NULL,
  key_hash     text NOT NULL,
  prefix       text NOT NULL,
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  revoked_at   timestamptz(3),
  last_used_at timestamptz(3)
);
CREATE UNIQUE INDEX api_key_key_hash_key ON api_key (key_hash);
CREATE INDEX api_key_project_id_idx ON api_key (project_id);

-- One row per player and experiment: the stable A/B bucket and how often it was exposed.
CREATE TABLE experiment_cohort (
  project_id        uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  experiment_key    text NOT NULL,
  external_user_id  text NOT NULL,
  cohort            text NOT NULL,
  show_widget       boolean NOT NULL,
  exposures         integer NOT NULL DEFAULT 1,
  first_exposed_at  timestamptz(3) NOT NULL DEFAULT now(),
  last_exposed_at   timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, experiment_key, external_user_id)
);
CREATE INDEX experiment_cohort_project_id_external_user_id_idx ON experiment_cohort (project_id, external_user_id);
