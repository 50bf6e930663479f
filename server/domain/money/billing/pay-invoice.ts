import { config } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { withTransaction, type TTx } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { isUuid, writeAudit } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";
import { restorePlanAfterPayment } from "./dunning";
import { serializeInvoice, type TInvoiceRow } from "./invoice-model";
import { paymentProvider, verifyPaymentSignature } from "./payment-provider";

async function ownedInvoice(q: TTx | ReturnType<typeof pool>, accountId: string, invoiceId: string, lock = false): Promise<TInvoiceRow> {
  if (!isUuid(invoiceId)) throw new AppError("not_found", "Invoice not found");
  const { rows } = await q.query<TInvoiceRow>(`SELECT * FROM invoice WHERE id = $1 AND account_id = $2${lock ? " FOR UPDATE" : ""}`, [invoiceId, accountId]);
  if (!rows[0]) throw new AppError("not_found", "Invoice not found");
  return rows[0];
}

/**
 * A hosted checkout for an issued invoice at the configured provider. The session id is stored on
 * the invoice (a new checkout replaces an abandoned one). 409 `conflict` when the invoice is
 * already paid or no provider is configured.
 */
export async function createCheckout(opts: { accountId: string; invoiceId: string; requestId?: string }) {
  const provider = paymentProvider();
  const invoice = await ownedInvoice(pool(), opts.accountId, opts.invoiceId);
  if (invoice.status !== "issued") throw new AppError("conflict", `The invoice is ${invoice.status}`);
  if (!provider) throw new AppError("conflict", "No payment provider is configured (PAYMENT_PROVIDER); in development use pay-simulated");
  const base = config().publicBaseUrl;
  const session = await provider.createCheckout({
    invoiceId: invoice.id,
    number: invoice.number,
    amountCents: invoice.total_cents,
    currency: invoice.currency,
    description: `Playloop invoice ${invoice.number}`,
    successUrl: `${base}/account/billing?paid=${invoice.id}`,
    cancelUrl: `${base}/account/billing`,
  });
  await withTransaction(async (tx) => {
    await tx.query(`UPDATE invoice SET checkout_session_id = $2 WHERE id = $1 AND status = 'issued'`, [invoice.id, session.sessionId]);
    // Every session is kept: a payment completed in an earlier one (another tab) still pays the invoice.
    await tx.query(`INSERT INTO invoice_checkout (session_id, invoice_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING`, [session.sessionId, invoice.id, now()]);
    await writeAudit({ tx, accountId: opts.accountId, action: "billing.checkout_created", targetType: "invoice", targetId: invoice.id, metadata: { provider: provider.name }, requestId: opts.requestId });
  });
  return { checkout_url: session.url, session_id: session.sessionId };
}

async function markPaid(tx: TTx, invoiceId: string, via: string, accountId: string | null): Promise<TInvoiceRow | null> {
  const at = now();
  const { rows } = await tx.query<TInvoiceRow>(`UPDATE invoice SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'issued' RETURNING *`, [invoiceId, at]);
  if (rows[0]) {
    await writeAudit({ tx, at, accountId: accountId ?? rows[0].account_id, action: "billing.invoice_paid", targetType: "invoice", targetId: invoiceId, metadata: { via } });
    // A plan taken back for this invoice comes back with its payment.
    await restorePlanAfterPayment(tx, rows[0], at);
  }
  return rows[0] ?? null;
}

/** Development only, without a provider: marks an issued invoice paid. 404 in production or when a provider is configured (the route does not exist there). */
export async function paySimulated(opts: { accountId: string; invoiceId: string }) {
  if (config().production || paymentProvider()) throw new AppError("not_found", "Simulated payments exist only in development without a payment provider");
  return withTransaction(async (tx) => {
    const invoice = await ownedInvoice(tx, opts.accountId, opts.invoiceId, true);
    if (invoice.status === "paid") return serializeInvoice(invoice, now());
    if (invoice.status !== "issued") throw new AppError("conflict", `The invoice is ${invoice.status}`);
    return serializeInvoice((await markPaid(tx, invoice.id, "simulated", opts.accountId))!, now());
  });
}

export const PAYMENT_WEBHOOK_MAX_BYTES = 64 * 1024;

type TProviderEvent = { id?: unknown; type?: unknown; data?: { object?: { id?: unknown; client_reference_id?: unknown; metadata?: { invoice_id?: unknown }; payment_status?: unknown } } };

/**
 * The provider's webhook. The signature is verified over the raw body before anything parses it
 * (401 `invalid_signature` with `reason`). Each event id is acted on once: it is recorded in the
 * same transaction as its effect, so a replay (or the provider's retry after a lost answer) answers
 * `received` with `duplicate: true` and changes nothing. `checkout.session.completed` with
 * `payment_status` `paid` marks the invoice of the session paid; other event types are recorded
 * and ignored.
 */
export async function receivePaymentWebhook(opts: { rawBody: Buffer; header: string | null | undefined }) {
  const provider = paymentProvider();
  if (!provider) throw new AppError("not_found", "No payment provider is configured");
  const verdict = verifyPaymentSignature(opts.header, opts.rawBody, provider.webhookSecret());
  if (!verdict.ok) throw new AppError("invalid_signature", "The payment-provider-signature header does not verify", { details: { reason: verdict.reason } });
  let event: TProviderEvent;
  try {
    event = JSON.parse(opts.rawBody.toString("utf8")) as TProviderEvent;
  } catch {
    throw new AppError("validation_error", "The body is not JSON");
  }
  if (typeof event.id !== "string" || event.id.length === 0 || event.id.length > 255 || typeof event.type !== "string") {
    throw new AppError("validation_error", "An event needs a string `id` and `type`");
  }
  const eventId = event.id;
  const eventType = event.type;
  return withTransaction(async (tx) => {
    const object = event.data?.object ?? {};
    const sessionId = typeof object.id === "string" ? object.id : null;
    const invoiceRef = typeof object.metadata?.invoice_id === "string" ? object.metadata.invoice_id : typeof object.client_reference_id === "string" ? object.client_reference_id : null;
    const fresh = await tx.query(`INSERT INTO payment_event (id, type, invoice_id, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [
      eventId,
      eventType,
      invoiceRef && isUuid(invoiceRef) ? invoiceRef : null,
      now(),
    ]);
    if (fresh.rowCount === 0) return { received: true as const, duplicate: true };
    if (eventType !== "checkout.session.completed" || object.payment_status !== "paid") return { received: true as const, duplicate: false };
    // The session id binds the event to a checkout this service created for the invoice (any of
    // them, not only the latest); the invoice reference alone is not enough.
    const { rows } = await tx.query<{ id: string }>(
      `SELECT i.id FROM invoice_checkout c JOIN invoice i ON i.id = c.invoice_id WHERE c.session_id = $1 AND ($2::uuid IS NULL OR i.id = $2::uuid) FOR UPDATE OF i`,
      [sessionId, invoiceRef && isUuid(invoiceRef) ? invoiceRef : null],
    );
    if (rows[0]) await markPaid(tx, rows[0].id, `${provider.name}:${eventId}`, null);
    return { received: true as const, duplicate: false };
  });
}

/** The fake provider's hosted checkout: the invoice behind a session (for its page) — null when unknown. */
export async function fakeCheckoutInvoice(sessionId: string): Promise<TInvoiceRow | null> {
  if (paymentProvider()?.name !== "fake" || !/^cs_fake_[0-9a-f]{24}$/.test(sessionId)) return null;
  const { rows } = await pool().query<TInvoiceRow>(`SELECT i.* FROM invoice_checkout c JOIN invoice i ON i.id = c.invoice_id WHERE c.session_id = $1`, [sessionId]);
  return rows[0] ?? null;
}
