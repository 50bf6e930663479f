-- Project backgrounds. The image bytes live in PostgreSQL so every web instance serves the same
-- files without shared disk. An asset's id is derived from its content (sha256), so a row never
-- changes once written and delivery can cache it as immutable. Which asset a slot shows is
-- metadata on the project (`game_backgrounds`, slot -> asset metadata), written together with
-- play_config_revision in one UPDATE; a reset removes the metadata only, the files stay.
CREATE TABLE project_asset (
  project_id uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  asset_id text NOT NULL,
  kind text NOT NULL,
  format text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes integer NOT NULL,
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz(3) NOT NULL,
  CONSTRAINT project_asset_pkey PRIMARY KEY (project_id, asset_id)
);

ALTER TABLE project ADD COLUMN game_backgrounds jsonb NOT NULL DEFAULT '{}';
