-- The request that caused a webhook delivery (a winning move, an event, an admin's release; null
-- for one the release job decided) travels with its outbox row, so the worker's log line of every
-- attempt names it and an operator can follow a request from the access log to the integrator's
-- server. Nullable and without a default: the previous release writes rows without it (expand).
ALTER TABLE webhook_delivery ADD COLUMN request_id text;
