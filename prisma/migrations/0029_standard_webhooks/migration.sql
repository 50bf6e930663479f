-- Standard Webhooks (standardwebhooks.com) as an opt-in: deliveries of a project with it on also
-- carry webhook-id, webhook-timestamp and webhook-signature, so the maintained libraries verify them.
ALTER TABLE project ADD COLUMN webhook_standard_headers boolean NOT NULL DEFAULT false;
