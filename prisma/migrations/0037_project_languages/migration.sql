-- The play shell's languages a project offers (empty: every language Playloop ships) and the one
-- players get when none of their wishes is offered. Expand-only: old code ignores both columns.
ALTER TABLE "project" ADD COLUMN "languages" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "project" ADD COLUMN "default_language" TEXT NOT NULL DEFAULT 'en';
