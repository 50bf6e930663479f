-- Hardening before money flows.
-- System accounts (the built-in demo owner) cannot be signed up for or logged into; the demo
-- projects belong to the system account, never to an account that happens to share its e-mail.
ALTER TABLE admin_account ADD COLUMN system boolean NOT NULL DEFAULT false;

-- Progressive TOTP lockout per account: consecutive wrong codes, and until when codes are refused.
-- A correct code or a recovery code clears both.
ALTER TABLE admin_two_factor ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE admin_two_factor ADD COLUMN locked_until timestamptz(3);
