-- Play: published level tracks, game runs and their commands, progression, events, legacy
-- template progress, fraud flags.
ALTER TABLE project ADD COLUMN legacy_goal_overrides text[] NOT NULL DEFAULT '{}';

CREATE TABLE game_level (
  mechanic       text NOT NULL,
  level_id       text NOT NULL,
  level_version  integer NOT NULL,
  track_version  integer NOT NULL,
  number         integer NOT NULL,
  title          text NOT NULL,
  definition     jsonb NOT NULL,
  published      boolean NOT NULL DEFAULT true,
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (mechanic, level_id, level_version)
);
CREATE INDEX game_level_mechanic_published_number_idx ON game_level (mechanic, published, number);

CREATE TABLE game_run (
  id               uuid PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  mechanic         text NOT NULL,
  game_version     integer NOT NULL,
  level_id         text NOT NULL,
  level_version    integer NOT NULL,
  level_number     integer NOT NULL,
  track_version    integer NOT NULL,
  cycle_round      integer NOT NULL,
  is_replay        boolean NOT NULL,
  seed             text NOT NULL,
  state            jsonb NOT NULL,
  status           text NOT NULL,
  end_reason       text,
  sequence         integer NOT NULL DEFAULT 0,
  score            integer NOT NULL DEFAULT 0,
  start_id         uuid,
  client_version   text,
  started_at       timestamptz(3) NOT NULL,
  last_activity_at timestamptz(3) NOT NULL,
  expires_at       timestamptz(3) NOT NULL,
  ended_at         timestamptz(3)
);
CREATE UNIQUE INDEX game_run_project_id_external_user_id_start_id_key ON game_run (project_id, external_user_id, start_id);
CREATE INDEX game_run_project_id_external_user_id_started_at_idx ON game_run (project_id, external_user_id, started_at);
-- At most one active run per player and project: concurrent starts cannot both create one.
CREATE UNIQUE INDEX game_run_one_active_per_player ON game_run (project_id, external_user_id) WHERE status = 'active';
CREATE INDEX game_run_expiry_sweep ON game_run (expires_at) WHERE status = 'active';

CREATE TABLE game_command (
  run_id          uuid NOT NULL REFERENCES game_run(id) ON DELETE CASCADE,
  sequence        integer NOT NULL,
  command_id      text NOT NULL,
  action          text NOT NULL,
  payload         jsonb NOT NULL,
  accepted        boolean NOT NULL,
  rejection_code  text,
  response        jsonb NOT NULL,
  client_version  text,
  created_at      timestamptz(3) NOT NULL,
  PRIMARY KEY (run_id, sequence)
);
CREATE UNIQUE INDEX game_command_run_id_command_id_key ON game_command (run_id, command_id);

-- Per player and mechanic: where the player is on the track.
CREATE TABLE player_progress (
  project_id        uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id  text NOT NULL,
  mechanic          text NOT NULL,
  next_level_number integer NOT NULL DEFAULT 1,
  cycle_round       integer NOT NULL DEFAULT 1,
  levels_completed  integer NOT NULL DEFAULT 0,
  track_completed   boolean NOT NULL DEFAULT false,
  runs_started      integer NOT NULL DEFAULT 0,
  last_run_id       uuid,
  updated_at        timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, external_user_id, mechanic)
);

-- Per player, mechanic and level: the best score and completions (level progress summary).
CREATE TABLE level_progress (
  project_id         uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id   text NOT NULL,
  mechanic           text NOT NULL,
  level_number       integer NOT NULL,
  best_score         integer NOT NULL DEFAULT 0,
  completions        integer NOT NULL DEFAULT 0,
  first_completed_at timestamptz(3),
  updated_at         timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, external_user_id, mechanic, level_number)
);

-- One row per finished run (level results).
CREATE TABLE level_result (
  run_id           uuid PRIMARY KEY REFERENCES game_run(id) ON DELETE CASCADE,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  mechanic         text NOT NULL,
  level_id         text NOT NULL,
  level_number     integer NOT NULL,
  outcome          text NOT NULL,
  score            integer NOT NULL,
  is_replay        boolean NOT NULL,
  first_completion boolean NOT NULL,
  cycle_round      integer NOT NULL,
  created_at       timestamptz(3) NOT NULL
);
CREATE INDEX level_result_project_id_external_user_id_idx ON level_result (project_id, external_user_id);

CREATE TABLE player_event (
  id               bigserial PRIMARY KEY,
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  type             text NOT NULL,
  source           text NOT NULL,
  payload          jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_id           uuid,
  session_id       text,
  idempotency_key  text,
  created_at       timestamptz(3) NOT NULL
);
CREATE INDEX player_event_project_id_created_at_idx ON player_event (project_id, created_at);
CREATE INDEX player_event_project_id_external_user_id_idx ON player_event (project_id, external_user_id);
CREATE UNIQUE INDEX player_event_project_id_source_idempotency_key_key ON player_event (project_id, source, idempotency_key);

-- Legacy template progress (the streak), one document per player and template.
CREATE TABLE progress_snapshot (
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  template_id      text NOT NULL,
  state            jsonb NOT NULL,
  updated_at       timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, external_user_id, template_id)
);

CREATE TABLE fraud_flag (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  kind             text NOT NULL,
  details          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at       timestamptz(3) NOT NULL,
  resolved_at      timestamptz(3),
  resolution       text
);
CREATE INDEX fraud_flag_project_id_external_user_id_kind_created_at_idx ON fraud_flag (project_id, external_user_id, kind, created_at);
