-- A command's stored response is kept only to answer an idempotent repeat of the command with the
-- same bytes, and read back whole (or, in the admin player view, two of its fields). As jsonb,
-- PostgreSQL parsed every ~5 KB match3 response (its animation steps, view and facts) into its
-- binary form on every command: inserting real match3 responses cost ~150-250 us more per row as
-- jsonb than as text on the bench machine. The column is text from now on; the rare reads that
-- need fields cast it back (`response::jsonb`).
--
-- This rewrites game_command once, under an exclusive lock for the rewrite's duration (existing
-- responses keep their content, in jsonb's normalised text). The rewrite resets the column's
-- compression, so it is set to lz4 in the same statement (0016) where the server has lz4; a server
-- without it (the embedded default's binaries) keeps the default.
DO $$
BEGIN
  ALTER TABLE game_command ALTER COLUMN response TYPE text USING response::text, ALTER COLUMN response SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available on this server: game_command.response keeps the default compression';
  ALTER TABLE game_command ALTER COLUMN response TYPE text USING response::text;
END $$;
