-- A project's money: the ISO 4217 currency its wheel budgets and prize costs (the *_minor amounts)
-- are counted in, in that currency's minor units (USD cents; JPY has none). Existing projects were
-- read as US dollars.
ALTER TABLE project ADD COLUMN currency text NOT NULL DEFAULT 'USD' CONSTRAINT project_currency_iso4217 CHECK (currency ~ '^[A-Z]{3}$');
