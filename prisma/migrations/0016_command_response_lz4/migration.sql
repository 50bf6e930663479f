-- A command's stored response (kept for an idempotent repeat of the command) is 6 KB of jsonb for
-- a match3 move with its animation steps, so PostgreSQL compresses it on every command. Its default
-- method (pglz) cost ~390 µs per row on the bench machine against ~215 µs with lz4. lz4 applies to
-- values written from now on (existing rows are read either way). A server built without lz4 (the
-- embedded default's binaries) keeps pglz: the migration then changes nothing.
DO $$
BEGIN
  ALTER TABLE game_command ALTER COLUMN response SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available on this server: game_command.response keeps the default compression';
END $$;
