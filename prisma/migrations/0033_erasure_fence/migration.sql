-- A read replica (DATABASE_READ_URL) serves the console's heavy reads, and must never show a player
-- the primary has already erased. Each erasure's transaction counts itself here, per project: the
-- replica's copy of the count is behind the primary's exactly while that commit is not yet replayed
-- there, and reads of the project go to the primary meanwhile (server/db/replica.ts). A count in the
-- erasure's own transaction, rather than a WAL position written after its commit, cannot be missed
-- by a crash between the two.
CREATE TABLE erasure_fence (
  project_id uuid PRIMARY KEY REFERENCES project(id) ON DELETE CASCADE,
  erasures   bigint NOT NULL
);
