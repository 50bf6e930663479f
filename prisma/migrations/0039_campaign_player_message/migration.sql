-- What a campaign's winners read in the play shell, per language ({ "de": "…", "en": "…" }).
-- Expand only: the previous release neither writes nor reads the column, and its inserts get '{}'.
ALTER TABLE "campaign" ADD COLUMN "player_message" JSONB NOT NULL DEFAULT '{}';
