import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { fakeCheckoutInvoice, paymentProvider, receivePaymentWebhook, signPaymentEvent } from "@/server/domain/money";
import { sendBody, sendText } from "../static/send";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number, currency: string) => `${currency === "usd" ? "$" : ""}${(cents / 100).toFixed(2)}${currency === "usd" ? "" : ` ${currency.toUpperCase()}`}`;

/**
 * The fake payment provider's hosted checkout page (PAYMENT_PROVIDER=fake only): what Stripe
 * Checkout would show, with one button. Unknown sessions are 404.
 */
export async function serveFakeCheckout(req: IncomingMessage, res: ServerResponse, sessionId: string): Promise<void> {
  const invoice = await fakeCheckoutInvoice(sessionId);
  if (!invoice) return sendText(res, 404, "Not found");
  const paid = invoice.status === "paid";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout — test payment provider</title>
<style>body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.08);padding:32px;width:min(420px,92vw)}
h1{font-size:20px;margin:0 0 4px}p{color:#475569;margin:0 0 16px}.total{font-size:32px;font-weight:700;margin:16px 0}
button{width:100%;padding:14px;border:0;border-radius:10px;background:#4f46e5;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
.badge{display:inline-block;font-size:12px;background:#fef3c7;color:#92400e;padding:2px 8px;border-radius:999px;margin-bottom:12px}</style></head>
<body><main><span class="badge">Test mode — no money moves</span><h1>Playloop</h1><p>Invoice ${esc(invoice.number)}</p>
<div class="total" data-testid="checkout-total">${money(invoice.total_cents, invoice.currency)}</div>
${paid ? `<p>This invoice is paid.</p><a href="/account/billing">Back to billing</a>` : `<form method="post" action="/v1/billing/fake-checkout/${esc(sessionId)}"><button type="submit">Pay ${money(invoice.total_cents, invoice.currency)}</button></form>`}
</main></body></html>`;
  sendBody(req, res, 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }, html);
}

/**
 * "Pay" on the fake checkout: the fake provider sends its signed `checkout.session.completed`
 * event through the same receiver as a real provider's webhook (signature, replay protection,
 * paid transition), then returns the admin to the console, as a hosted checkout does.
 */
export async function payFakeCheckout(_req: IncomingMessage, res: ServerResponse, sessionId: string): Promise<void> {
  const invoice = await fakeCheckoutInvoice(sessionId);
  const provider = paymentProvider();
  if (!invoice || !provider) return sendText(res, 404, "Not found");
  const body = JSON.stringify({
    id: `evt_fake_${randomUUID().replace(/-/g, "")}`,
    type: "checkout.session.completed",
    data: { object: { id: sessionId, client_reference_id: invoice.id, metadata: { invoice_id: invoice.id }, payment_status: "paid", amount_total: invoice.total_cents, currency: invoice.currency } },
  });
  await receivePaymentWebhook({ rawBody: Buffer.from(body), header: signPaymentEvent(provider.webhookSecret(), body) });
  res.statusCode = 303;
  res.setHeader("location", `${config().publicBaseUrl}/account/billing?paid=${invoice.id}`);
  res.end();
}
