-- Billing: the plan an account is on (no row = the free plan), its invoices, the payment
-- provider's events already processed (replay safety), and the one onboarding step that only
-- the console can report (embed code copied).
CREATE TABLE billing_account (
  account_id uuid PRIMARY KEY REFERENCES admin_account(id) ON DELETE CASCADE,
  plan_id text NOT NULL,
  pending_plan_id text,
  plan_changed_at timestamptz(3) NOT NULL,
  -- The end of the last period the monthly job closed (invoice issued or nothing owed).
  closed_through timestamptz(3),
  updated_at timestamptz(3) NOT NULL
);

CREATE TABLE invoice (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES admin_account(id) ON DELETE CASCADE,
  number text NOT NULL,
  kind text NOT NULL,
  period_start timestamptz(3) NOT NULL,
  period_end timestamptz(3) NOT NULL,
  plan_id text NOT NULL,
  currency text NOT NULL,
  line_items jsonb NOT NULL,
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  status text NOT NULL,
  checkout_session_id text,
  issued_at timestamptz(3) NOT NULL,
  paid_at timestamptz(3),
  CONSTRAINT invoice_number_key UNIQUE (number)
);
CREATE INDEX invoice_account_id_issued_at_idx ON invoice (account_id, issued_at);
-- One period invoice per account and period: the monthly job can run twice and issue once.
CREATE UNIQUE INDEX invoice_period_once ON invoice (account_id, period_start) WHERE kind = 'period';
CREATE UNIQUE INDEX invoice_checkout_session_id_key ON invoice (checkout_session_id);

CREATE TABLE payment_event (
  id text PRIMARY KEY,
  type text NOT NULL,
  invoice_id uuid,
  received_at timestamptz(3) NOT NULL
);

CREATE TABLE onboarding_state (
  account_id uuid PRIMARY KEY REFERENCES admin_account(id) ON DELETE CASCADE,
  embed_copied_at timestamptz(3)
);
