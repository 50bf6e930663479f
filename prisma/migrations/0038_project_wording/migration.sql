-- A project's own wording of the play shell's messages, per language: laid over the catalogue
-- where the shell gets its words (the play page, GET /v1/play/messages). New table: the previous
-- release never reads it.
CREATE TABLE "project_wording" (
    "project_id" UUID NOT NULL,
    "lang" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "project_wording_pkey" PRIMARY KEY ("project_id","lang","key")
);
ALTER TABLE "project_wording" ADD CONSTRAINT "project_wording_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
