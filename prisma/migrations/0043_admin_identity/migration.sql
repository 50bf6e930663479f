-- Console sign-in through the company's OpenID Connect provider (ADMIN_SSO_*): an admin links the
-- provider's identity to their account from the account page, after signing in with password and
-- two-factor; later the provider's sign-in opens a session that still needs the account's TOTP.
-- The provider's subject is kept only as a keyed hash (looked up, never shown); one identity per
-- account and provider, and one account per identity. New table: the previous release never reads it.
CREATE TABLE "admin_identity" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject_hash" TEXT NOT NULL,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    CONSTRAINT "admin_identity_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "admin_identity_issuer_subject_hash_key" ON "admin_identity"("issuer", "subject_hash");
CREATE UNIQUE INDEX "admin_identity_account_id_issuer_key" ON "admin_identity"("account_id", "issuer");
ALTER TABLE "admin_identity" ADD CONSTRAINT "admin_identity_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "admin_account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A session opened by a provider sign-in records the hand-off it came from (next-auth's token id),
-- once: a copy of the hand-off cookie opens nothing more. Expand only: the previous release never
-- names the column.
ALTER TABLE "admin_session" ADD COLUMN "sso_handoff" TEXT;
CREATE UNIQUE INDEX "admin_session_sso_handoff_key" ON "admin_session"("sso_handoff");
