-- Prize wheels: per-project settings, one editable draft per wheel ('daily', 'site'), frozen
-- published versions, budget counters, the players' committed fairness seeds and the spins.

-- The day of daily entitlements and budgets is the calendar day in this IANA time zone.
CREATE TABLE wheel_settings (
  project_id  uuid PRIMARY KEY REFERENCES project(id) ON DELETE CASCADE,
  timezone    text NOT NULL DEFAULT 'UTC',
  created_at  timestamptz(3) NOT NULL,
  updated_at  timestamptz(3) NOT NULL
);

-- The draft an admin edits, which version players spin (0: never published) and the wheel's
-- lifetime budget counters. Spins lock this row to settle budgets, so spending is serialised
-- per wheel and never passes the budget.
CREATE TABLE wheel (
  project_id        uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  wheel_id          text NOT NULL CHECK (wheel_id IN ('daily', 'site')),
  draft             jsonb NOT NULL,
  draft_hash        text NOT NULL,
  published_version integer NOT NULL DEFAULT 0,
  spent_total_minor bigint NOT NULL DEFAULT 0,
  -- Landings per segment id over the wheel's life (total caps).
  awards_total      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at        timestamptz(3) NOT NULL,
  updated_at        timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, wheel_id)
);

-- A published version is frozen: spins name the version they used. The weight table stays
-- secret; its salted SHA-256 is the public commitment (the salt goes to auditors).
CREATE TABLE wheel_version (
  project_id          uuid NOT NULL,
  wheel_id            text NOT NULL,
  version             integer NOT NULL,
  config              jsonb NOT NULL,
  draft_hash          text NOT NULL,
  weights_salt        text NOT NULL,
  weights_commitment  text NOT NULL,
  published_by        uuid,
  published_at        timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, wheel_id, version),
  FOREIGN KEY (project_id, wheel_id) REFERENCES wheel(project_id, wheel_id) ON DELETE CASCADE
);

-- Daily budget counters, in the wheel's time zone.
CREATE TABLE wheel_day (
  project_id  uuid NOT NULL,
  wheel_id    text NOT NULL,
  day         date NOT NULL,
  spins       integer NOT NULL DEFAULT 0,
  spent_minor bigint NOT NULL DEFAULT 0,
  awards      jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (project_id, wheel_id, day),
  FOREIGN KEY (project_id, wheel_id) REFERENCES wheel(project_id, wheel_id) ON DELETE CASCADE
);

-- The server seed a player's next spin will use, committed (its hash shown) before the player
-- picks the spin's client seed; stored encrypted. nonce = spins made with this wheel's seeds.
CREATE TABLE wheel_player (
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  wheel_id         text NOT NULL,
  nonce            integer NOT NULL DEFAULT 0,
  next_seed        text NOT NULL,
  next_seed_hash   text NOT NULL,
  updated_at       timestamptz(3) NOT NULL,
  PRIMARY KEY (project_id, external_user_id, wheel_id)
);

-- One row per durable spin; the client's spin_id is its idempotency key within the player.
CREATE TABLE wheel_spin (
  project_id       uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  external_user_id text NOT NULL,
  spin_id          uuid NOT NULL,
  wheel_id         text NOT NULL,
  wheel_version    integer NOT NULL,
  source           text NOT NULL,
  request_hash     text NOT NULL,
  day              date NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('free', 'ticket')),
  tickets_spent    integer NOT NULL,
  nonce            integer NOT NULL,
  server_seed      text NOT NULL,
  server_seed_hash text NOT NULL,
  drawn_segment_id text NOT NULL,
  segment_id       text NOT NULL,
  -- The landed segment as shown (id, index, label, icon) and its award, frozen with the spin.
  outcome          jsonb NOT NULL,
  cost_minor       bigint NOT NULL,
  substituted      boolean NOT NULL,
  created_at       timestamptz(3) NOT NULL,
  seen_at          timestamptz(3),
  PRIMARY KEY (project_id, external_user_id, spin_id),
  FOREIGN KEY (project_id, wheel_id, wheel_version) REFERENCES wheel_version(project_id, wheel_id, version)
);
CREATE INDEX wheel_spin_project_id_external_user_id_wheel_id_day_idx ON wheel_spin (project_id, external_user_id, wheel_id, day);
CREATE INDEX wheel_spin_project_id_wheel_id_created_at_idx ON wheel_spin (project_id, wheel_id, created_at);
-- The lobby and GET /v1/wheel show the player's latest unseen spin.
CREATE INDEX wheel_spin_unseen ON wheel_spin (project_id, external_user_id, wheel_id, created_at) WHERE seen_at IS NULL;
