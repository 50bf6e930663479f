import { config } from "@/server/config/env";
import { AppError } from "@/server/errors/app-error";
import { hmacHex, safeEqual } from "@/server/lib/crypto";
import { nowSeconds } from "@/server/lib/clock";
import { signPayload } from "@/server/domain/platform";

/**
 * The payment-provider seam. A provider creates a hosted checkout for an invoice and signs the
 * events it posts back to `/v1/webhooks/payment`. Two exist:
 *
 * - `stripe`: Stripe Checkout (`POST /v1/checkout/sessions`, form-encoded, with the invoice id as
 *   `client_reference_id` and `metadata[invoice_id]`); its webhook signature is Stripe's
 *   `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` sent in `payment-provider-signature`
 *   (configure the endpoint in Stripe to send it; the format is the Stripe-Signature format).
 * - `fake`: a local stand-in for development and tests. Its checkout page is served by this
 *   service (`/v1/billing/fake-checkout/{session_id}`) and "paying" there posts a signed
 *   `checkout.session.completed` event through the same receiver, with the same signature scheme.
 *
 * `none` (the default): no provider; checkout answers 409 `conflict`, and outside production
 * invoices can be marked paid with `pay-simulated`.
 */
type TCheckoutRequest = { invoiceId: string; number: string; amountCents: number; currency: string; description: string; successUrl: string; cancelUrl: string };
type TCheckoutSession = { sessionId: string; url: string };

export interface TPaymentProvider {
  readonly name: "stripe" | "fake";
  createCheckout(req: TCheckoutRequest): Promise<TCheckoutSession>;
  /** The secret the provider signs its webhook events with. */
  webhookSecret(): string;
}

const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The Stripe-style signature header of a body: `t=<unix>,v1=<hex>`. */
export function signPaymentEvent(secret: string, body: string | Buffer, t = nowSeconds()): string {
  return `t=${t},v1=${signPayload(secret, t, body)}`;
}

export type TPaymentSignatureResult = { ok: true } | { ok: false; reason: "malformed" | "stale" | "future" | "mismatch" };

/** Verifies a `t=..,v1=..` header over the raw body: |now − t| ≤ 300 s, any `v1` may match, compared in constant time. */
export function verifyPaymentSignature(header: string | null | undefined, rawBody: Buffer | string, secret: string, at = nowSeconds()): TPaymentSignatureResult {
  if (!header || header.length > 2048) return { ok: false, reason: "malformed" };
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) return { ok: false, reason: "malformed" };
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (t !== null || !/^\d{1,12}$/.test(value)) return { ok: false, reason: "malformed" };
      t = Number(value);
    } else if (key === "v1") v1.push(value);
  }
  if (t === null || v1.length === 0) return { ok: false, reason: "malformed" };
  if (at - t > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: "stale" };
  if (t - at > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: "future" };
  const expected = signPayload(secret, t, rawBody);
  let match = false;
  for (const candidate of v1) if (safeEqual(candidate, expected)) match = true;
  return match ? { ok: true } : { ok: false, reason: "mismatch" };
}

class FakeProvider implements TPaymentProvider {
  readonly name = "fake" as const;
  async createCheckout(req: TCheckoutRequest): Promise<TCheckoutSession> {
    const sessionId = `cs_fake_${hmacHex("payment-fake", `${req.invoiceId}:${nowSeconds()}:${Math.random()}`).slice(0, 24)}`;
    return { sessionId, url: `${config().publicBaseUrl}/v1/billing/fake-checkout/${sessionId}` };
  }
  webhookSecret(): string {
    return config().paymentWebhookSecret ?? `whsec_fake_${hmacHex("payment-fake", "webhook-secret")}`;
  }
}

class StripeProvider implements TPaymentProvider {
  readonly name = "stripe" as const;
  constructor(
    private readonly apiKey: string,
    private readonly secret: string,
    private readonly apiBase: string,
  ) {}
  async createCheckout(req: TCheckoutRequest): Promise<TCheckoutSession> {
    const form = new URLSearchParams({
      mode: "payment",
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
      client_reference_id: req.invoiceId,
      "metadata[invoice_id]": req.invoiceId,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": req.currency,
      "line_items[0][price_data][unit_amount]": String(req.amountCents),
      "line_items[0][price_data][product_data][name]": req.description,
    });
    let res: Response;
    try {
      res = await fetch(`${this.apiBase}/v1/checkout/sessions`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.apiKey}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": `checkout-${req.invoiceId}-${req.amountCents}` },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError("service_unavailable", "The payment provider could not be reached; try again");
    }
    if (!res.ok) throw new AppError("service_unavailable", `The payment provider refused the checkout (HTTP ${res.status})`);
    const body = (await res.json()) as { id?: unknown; url?: unknown };
    if (typeof body.id !== "string" || typeof body.url !== "string") throw new AppError("service_unavailable", "The payment provider answered without a checkout URL");
    return { sessionId: body.id, url: body.url };
  }
  webhookSecret(): string {
    return this.secret;
  }
}

/** The configured provider, or null for `none`. */
export function paymentProvider(): TPaymentProvider | null {
  const c = config();
  if (c.paymentProvider === "fake") return new FakeProvider();
  if (c.paymentProvider === "stripe") return new StripeProvider(c.stripeSecretKey!, c.paymentWebhookSecret!, c.stripeApiBase);
  return null;
}

/** Whether an invoice can be paid here at all: a provider is configured, or (outside production) `pay-simulated` exists. */
export function paymentsPossible(): boolean {
  return paymentProvider() !== null || !config().production;
}
