-- Dunning. An upgrade was in force before anyone paid, and an unpaid invoice never mattered: it
-- stayed `issued` forever. Every invoice now has a due date (BILLING_DUE_DAYS after it is issued,
-- 14 by default); an account with an invoice past due is `past_due`, and once the grace period
-- (BILLING_GRACE_DAYS, 7) has passed too, the plan the invoice bought is taken back: the account
-- returns to `fallback_plan_id` — for an upgrade's proration the plan it upgraded from, for a
-- month's invoice Free — and `lapsed_at` records when. Paying the invoice restores its plan.
ALTER TABLE invoice ADD COLUMN due_at timestamptz(3);
ALTER TABLE invoice ADD COLUMN fallback_plan_id text NOT NULL DEFAULT 'free';
ALTER TABLE invoice ADD COLUMN lapsed_at timestamptz(3);
-- Invoices issued before this had no terms: they are due 14 days from now at the earliest, so the
-- change takes no plan back on the day it is deployed.
UPDATE invoice SET due_at = greatest(issued_at, now()) + interval '14 days';
ALTER TABLE invoice ALTER COLUMN due_at SET NOT NULL;
ALTER TABLE invoice ALTER COLUMN fallback_plan_id DROP DEFAULT;
-- The dunning job looks for unpaid invoices past due that still have their plan.
CREATE INDEX invoice_unpaid_due_idx ON invoice (due_at) WHERE status = 'issued' AND lapsed_at IS NULL;
