-- When an account's billing row was opened — its first upgrade (change-plan.ts moves it there when
-- the row was made earlier by a change that changed nothing): the first period the monthly close
-- owes it (the free plan, which an account without a row is on, costs nothing). An account whose
-- close runs were all missed (closed_through still NULL) is caught up from that month, not the run's.
-- Existing rows: their first recorded upgrade, or plan_changed_at when none is recorded.
-- Expand only: the previous release's insert names no such column and gets the default.
ALTER TABLE billing_account ADD COLUMN opened_at timestamptz(3) NOT NULL DEFAULT now();
UPDATE billing_account b
   SET opened_at = LEAST(b.plan_changed_at, COALESCE((SELECT min(a.created_at) FROM audit_log a WHERE a.account_id = b.account_id AND a.action = 'billing.plan_changed' AND a.metadata->>'change' = 'upgrade'), b.plan_changed_at));
