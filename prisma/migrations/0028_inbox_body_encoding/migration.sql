-- The test inbox keeps what it received, verified or not, so an integrator can see why a
-- signature failed. A body text cannot hold (U+0000, or bytes that are not UTF-8) made the insert
-- fail with a 500; such a body is now kept as base64, and body_encoding says which.
ALTER TABLE webhook_inbox_message ADD COLUMN body_encoding text NOT NULL DEFAULT 'utf8';
