-- Every checkout session the service opened for an invoice, not only the latest: a new checkout
-- replaced invoice.checkout_session_id, so a payment completed in an earlier checkout (a second
-- tab, or a session opened again before the first was paid) was recorded as handled and never
-- marked the invoice paid — the customer was asked to pay again. A payment event is matched
-- against all of the invoice's sessions; invoice.checkout_session_id stays the latest.
CREATE TABLE invoice_checkout (
  session_id  text PRIMARY KEY,
  invoice_id  uuid NOT NULL REFERENCES invoice(id) ON DELETE CASCADE,
  created_at  timestamptz(3) NOT NULL
);
CREATE INDEX invoice_checkout_invoice_id_idx ON invoice_checkout (invoice_id);

INSERT INTO invoice_checkout (session_id, invoice_id, created_at)
SELECT checkout_session_id, id, issued_at FROM invoice WHERE checkout_session_id IS NOT NULL;
