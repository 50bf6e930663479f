-- A period invoice charged the whole month at the plan the account had when the month was closed,
-- while an upgrade during the month had already been invoiced for the rest of the month (its
-- proration): Growth → Scale on the 15th cost $75 then and a full $199 at the close, $274 for a
-- month that Scale alone costs $199. The first upgrade of a period now records the plan the period
-- began on and when it left it; the close charges that plan's fee, and the included players and
-- the overage rate weighted by the time spent on each side of the upgrade (period-invoices.ts).
ALTER TABLE billing_account
  ADD COLUMN period_plan_id text,
  ADD COLUMN period_upgraded_at timestamptz(3);
