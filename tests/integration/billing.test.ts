import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config, overrideConfig } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { paymentProvider, signPaymentEvent } from "@/server/domain/money/billing/payment-provider";
import { billingPeriod } from "@/server/domain/money/billing/plans";
import { accountUsage } from "@/server/domain/money/billing/usage";
import { nowSeconds } from "@/server/lib/clock";
import { startTestServer, type TTestServer } from "../helpers/server";
import { changePlan, invoicesOf, seedPlayers } from "../helpers/billing";
import { client, createApiKey, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";

let server: TTestServer;
let call: TCall;
const saved = { ...config() };
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());
afterEach(() => overrideConfig({ paymentProvider: saved.paymentProvider, production: saved.production, paymentWebhookSecret: saved.paymentWebhookSecret, stripeSecretKey: saved.stripeSecretKey, stripeApiBase: saved.stripeApiBase }));

const upgrade = (a: TAdmin, plan_id: string) => changePlan(call, a, plan_id);
const invoices = (a: TAdmin) => invoicesOf(call, a);

describe("plans and usage", () => {
  it("lists the plans without authentication, and the account's billing only with it", async () => {
    const plans = await call("GET", "/v1/admin/billing/plans");
    expect(plans.status).toBe(200);
    expect(plans.body.plans.map((p: { plan_id: string }) => p.plan_id)).toEqual(["free", "growth", "scale"]);
    expect(plans.body.plans[1]).toMatchObject({ name: "Growth", price_cents: 4900, included_mau: 10000, overage_cents_per_1000: 500 });
    expect((await call("GET", "/v1/admin/billing")).status).toBe(401);
    expect((await call("GET", "/v1/admin/billing/invoices")).status).toBe(401);
  });

  it("counts each identified player once over the period, anonymous players apart, and nothing across the boundary", async () => {
    const admin = await verifiedAdmin(call);
    const a = await createProject(call, admin);
    const b = await createProject(call, admin);
    const feb = billingPeriod(new Date("2025-02-10T00:00:00Z"));
    // Last millisecond of January: not February's.
    await seedPlayers(a, "jan", 5, new Date("2025-01-31T23:59:59.999Z"));
    // The same three players in both projects, on two days: three.
    await seedPlayers(a, "p", 3, new Date("2025-02-01T00:00:00.000Z"));
    await seedPlayers(b, "p", 3, new Date("2025-02-20T12:00:00Z"));
    await seedPlayers(a, "anon_x", 4, new Date("2025-02-05T00:00:00Z"));
    // First millisecond of March: not February's.
    await seedPlayers(b, "mar", 7, new Date("2025-03-01T00:00:00.000Z"));
    const usage = await accountUsage({ accountId: admin.accountId, start: feb.start, end: feb.end });
    expect(usage).toMatchObject({ monthly_active_users: 3, anonymous_monthly_users: 4, projects: 2 });
    const jan = await accountUsage({ accountId: admin.accountId, ...billingPeriod(new Date("2025-01-15T00:00:00Z")) });
    expect(jan.monthly_active_users).toBe(5);

    // The API reports the current period the same way; another account's players never count.
    const other = await verifiedAdmin(call);
    const foreign = await createProject(call, other);
    await seedPlayers(foreign, "theirs", 9, new Date());
    await seedPlayers(a, "now", 2, new Date());
    await seedPlayers(a, "anon_now", 1, new Date());
    const res = await call("GET", "/v1/admin/billing", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: { plan_id: "free" }, pending_plan_id: null, usage: { monthly_active_users: 2, anonymous_monthly_users: 1, included_mau: 1000, status: "ok", message: null, projects: 2 } });
  });

  it("counts the month's players from its own record: events through the API write it, and erasing the players leaves the count", async () => {
    const admin = await verifiedAdmin(call);
    const projectId = await createProject(call, admin);
    const key = await createApiKey(call, admin, projectId, ["events:write"]);
    const mau = async () => (await call("GET", "/v1/admin/billing", { token: admin.token })).body.usage.monthly_active_users;
    expect(await mau()).toBe(0);
    const ids = Array.from({ length: 12 }, (_, i) => `dodge-${i}-${Date.now()}`);
    for (const id of ids) {
      const sent = await call("POST", "/v1/server/events", { token: key, body: { project_id: projectId, external_user_id: id, type: "streak.server_confirm", payload: {} } });
      expect(sent.status, sent.text).toBe(200);
    }
    expect(await mau()).toBe(12);
    for (const id of ids) expect((await call("DELETE", `/v1/admin/projects/${projectId}/players/${id}/data`, { token: admin.token })).body.status).toBe("erased");
    // The events are gone; the month's count is not, and the record names nobody.
    expect((await pool().query("SELECT count(*)::int AS n FROM player_event WHERE project_id = $1", [projectId])).rows[0].n).toBe(0);
    expect(await mau()).toBe(12);
    const kept = (await pool().query("SELECT player_hash FROM billing_active_player WHERE account_id = $1", [admin.accountId])).rows.map((r) => r.player_hash as string);
    expect(kept).toHaveLength(12);
    for (const id of ids) expect(kept.some((h) => h.includes(id))).toBe(false);
  });

  it("warns from 80 %, and on Free refuses new projects above the limit while anonymous players never count", async () => {
    const admin = await verifiedAdmin(call);
    const p = await createProject(call, admin);
    await seedPlayers(p, "anon_many", 2000, new Date());
    expect((await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Second", allowed_origins: [] } })).status).toBe(200);
    await seedPlayers(p, "u", 800, new Date());
    let billing = await call("GET", "/v1/admin/billing", { token: admin.token });
    expect(billing.body.usage).toMatchObject({ monthly_active_users: 800, status: "warning" });
    expect(billing.body.usage.message).toContain("800 of 1,000");
    await seedPlayers(p, "v", 201, new Date());
    billing = await call("GET", "/v1/admin/billing", { token: admin.token });
    expect(billing.body.usage).toMatchObject({ monthly_active_users: 1001, status: "over_limit", projected_overage_cents: 0 });
    const refused = await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Third", allowed_origins: [] } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: "plan_limit_reached", included_mau: 1000, monthly_active_users: 1001 });
    const count = await pool().query("SELECT count(*)::int AS n FROM project WHERE owner_account_id = $1", [admin.accountId]);
    expect(count.rows[0].n).toBe(2);
    // Paid plans bill overage instead.
    expect((await upgrade(admin, "growth")).status).toBe(200);
    expect((await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Third", allowed_origins: [] } })).status).toBe(200);
  });
});

describe("plan changes", () => {
  it("upgrades at once with a proration invoice, downgrades at the next period, and refuses unknown plans", async () => {
    const admin = await verifiedAdmin(call);
    const bad = await upgrade(admin, "platinum");
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("validation_error");
    expect(await invoices(admin)).toEqual([]);

    const up = await upgrade(admin, "growth");
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ ok: true, change: "upgrade", plan_id: "growth", pending_plan_id: null });
    expect(up.body.invoice).toMatchObject({ kind: "proration", status: "issued", plan_id: "growth" });
    expect(up.body.invoice.total_cents).toBeGreaterThan(0);
    expect(up.body.invoice.total_cents).toBeLessThanOrEqual(4900);
    expect((await invoices(admin)).map((i) => i.invoice_id)).toEqual([up.body.invoice.invoice_id]);

    const down = await upgrade(admin, "free");
    expect(down.body).toMatchObject({ change: "downgrade", plan_id: "growth", pending_plan_id: "free", invoice: null, effective_at: billingPeriod(new Date()).end.toISOString() });
    expect((await call("GET", "/v1/admin/billing", { token: admin.token })).body).toMatchObject({ plan: { plan_id: "growth" }, pending_plan_id: "free" });
    const again = await upgrade(admin, "growth");
    expect(again.body).toMatchObject({ change: "none", plan_id: "growth", pending_plan_id: null, invoice: null });
    const audit = await pool().query("SELECT metadata->>'change' AS change FROM audit_log WHERE account_id = $1 AND action = 'billing.plan_changed' ORDER BY created_at", [admin.accountId]);
    expect(audit.rows.map((r) => r.change)).toEqual(["upgrade", "downgrade", "none"]);
  });

  it("serializes concurrent upgrades: one proration invoice", async () => {
    const admin = await verifiedAdmin(call);
    const results = await Promise.all([upgrade(admin, "scale"), upgrade(admin, "scale"), upgrade(admin, "scale")]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.change === "upgrade")).toHaveLength(1);
    expect(await invoices(admin)).toHaveLength(1);
  });
});

describe("payment", () => {
  async function issuedInvoice(): Promise<{ admin: TAdmin; invoiceId: string; total: number }> {
    const admin = await verifiedAdmin(call);
    const up = await upgrade(admin, "scale");
    return { admin, invoiceId: up.body.invoice.invoice_id, total: up.body.invoice.total_cents };
  }
  const checkout = (a: TAdmin, id: string) => call("POST", `/v1/admin/billing/invoices/${id}/checkout`, { token: a.token });
  const webhook = (body: string, header?: string) => call("POST", "/v1/webhooks/payment", { rawBody: body, headers: { "content-type": "application/json", ...(header ? { "payment-provider-signature": header } : {}) } });
  const completed = (eventId: string, sessionId: string, invoiceId: string) =>
    JSON.stringify({ id: eventId, type: "checkout.session.completed", data: { object: { id: sessionId, client_reference_id: invoiceId, metadata: { invoice_id: invoiceId }, payment_status: "paid" } } });
  const status = async (id: string) => (await pool().query("SELECT status FROM invoice WHERE id = $1", [id])).rows[0].status;

  it("pays through the fake provider's checkout: a signed checkout.session.completed marks the invoice paid once", async () => {
    overrideConfig({ paymentProvider: "fake" });
    const { admin, invoiceId } = await issuedInvoice();
    const co = await checkout(admin, invoiceId);
    expect(co.status).toBe(200);
    expect(co.body.session_id).toMatch(/^cs_fake_[0-9a-f]{24}$/);
    expect(co.body.checkout_url).toBe(`${config().publicBaseUrl}/v1/billing/fake-checkout/${co.body.session_id}`);
    const page = await call("GET", `/v1/billing/fake-checkout/${co.body.session_id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Test mode");
    const secret = paymentProvider()!.webhookSecret();
    const body = completed("evt_1_" + invoiceId, co.body.session_id, invoiceId);

    // Signature vectors: none, malformed, tampered body, wrong secret, stale, from the future.
    expect((await webhook(body)).body).toMatchObject({ code: "invalid_signature", reason: "malformed" });
    expect((await webhook(body, "v1=abc")).body.reason).toBe("malformed");
    expect((await webhook(body.replace('"paid"', '"paid" '), signPaymentEvent(secret, body))).body.reason).toBe("mismatch");
    expect((await webhook(body, signPaymentEvent("whsec_wrong", body))).body.reason).toBe("mismatch");
    expect((await webhook(body, signPaymentEvent(secret, body, nowSeconds() - 330))).body.reason).toBe("stale");
    expect((await webhook(body, signPaymentEvent(secret, body, nowSeconds() + 330))).body.reason).toBe("future");
    expect((await webhook(body)).status).toBe(401);
    expect(await status(invoiceId)).toBe("issued");
    expect((await pool().query("SELECT count(*)::int AS n FROM payment_event WHERE id = $1", ["evt_1_" + invoiceId])).rows[0].n).toBe(0);

    const ok = await webhook(body, signPaymentEvent(secret, body));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true, duplicate: false });
    expect(await status(invoiceId)).toBe("paid");
    const paidAt = (await pool().query("SELECT paid_at FROM invoice WHERE id = $1", [invoiceId])).rows[0].paid_at;
    // A replay (freshly signed, same event id) changes nothing.
    const replay = await webhook(body, signPaymentEvent(secret, body));
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await pool().query("SELECT paid_at FROM invoice WHERE id = $1", [invoiceId])).rows[0].paid_at).toEqual(paidAt);
    expect((await checkout(admin, invoiceId)).status).toBe(409);
    const listed = (await invoices(admin)).find((i) => i.invoice_id === invoiceId)!;
    expect(listed.status).toBe("paid");
  });

  it("a payment completed in an earlier checkout of the invoice (another tab) pays it", async () => {
    overrideConfig({ paymentProvider: "fake" });
    const { admin, invoiceId } = await issuedInvoice();
    const first = (await checkout(admin, invoiceId)).body.session_id as string;
    const second = (await checkout(admin, invoiceId)).body.session_id as string;
    expect(second).not.toBe(first);
    // Both checkout pages still show the invoice.
    for (const session of [first, second]) expect((await call("GET", `/v1/billing/fake-checkout/${session}`)).status).toBe(200);
    const body = completed("evt_first_" + invoiceId, first, invoiceId);
    const res = await webhook(body, signPaymentEvent(paymentProvider()!.webhookSecret(), body));
    expect(res.body).toEqual({ received: true, duplicate: false });
    expect(await status(invoiceId)).toBe("paid");
    // The later session's payment (the customer paid twice) changes nothing more.
    const again = completed("evt_second_" + invoiceId, second, invoiceId);
    expect((await webhook(again, signPaymentEvent(paymentProvider()!.webhookSecret(), again))).body).toEqual({ received: true, duplicate: false });
    expect((await pool().query("SELECT count(*)::int AS n FROM audit_log WHERE target_id = $1 AND action = 'billing.invoice_paid'", [invoiceId])).rows[0].n).toBe(1);
  });

  it("pays only the invoice of the checkout session: an event naming another account's invoice with a foreign session pays nothing", async () => {
    overrideConfig({ paymentProvider: "fake" });
    const mine = await issuedInvoice();
    const theirs = await issuedInvoice();
    const co = await checkout(mine.admin, mine.invoiceId);
    const secret = paymentProvider()!.webhookSecret();
    const body = completed("evt_cross_" + mine.invoiceId, co.body.session_id, theirs.invoiceId);
    expect((await webhook(body, signPaymentEvent(secret, body))).status).toBe(200);
    expect(await status(theirs.invoiceId)).toBe("issued");
    expect(await status(mine.invoiceId)).toBe("issued");
    // Other event types are acknowledged and ignored.
    const other = JSON.stringify({ id: "evt_other_" + mine.invoiceId, type: "invoice.created", data: { object: {} } });
    expect((await webhook(other, signPaymentEvent(secret, other))).body).toEqual({ received: true, duplicate: false });
  });

  it("the fake checkout's Pay button sends the signed event through the receiver and returns to the console", async () => {
    overrideConfig({ paymentProvider: "fake" });
    const { admin, invoiceId } = await issuedInvoice();
    const co = await checkout(admin, invoiceId);
    const res = await fetch(`${server.url}/v1/billing/fake-checkout/${co.body.session_id}`, { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${config().publicBaseUrl}/account/billing?paid=${invoiceId}`);
    expect(await status(invoiceId)).toBe("paid");
    expect((await call("GET", "/v1/billing/fake-checkout/cs_fake_000000000000000000000000")).status).toBe(404);
  });

  it("hides another account's invoice behind 404 and refuses checkout without a provider", async () => {
    const mine = await issuedInvoice();
    const other = await verifiedAdmin(call);
    overrideConfig({ paymentProvider: "fake" });
    expect((await checkout(other, mine.invoiceId)).status).toBe(404);
    expect((await call("POST", `/v1/admin/billing/invoices/${mine.invoiceId}/pay-simulated`, { token: other.token })).status).toBe(404);
    overrideConfig({ paymentProvider: "none" });
    const none = await checkout(mine.admin, mine.invoiceId);
    expect(none.status).toBe(409);
    expect((await webhook("{}", "t=1,v1=00")).status).toBe(404);
    expect((await call("POST", `/v1/admin/billing/invoices/not-a-uuid/checkout`, { token: mine.admin.token })).status).toBe(422);
  });

  it("simulates a payment only in development without a provider", async () => {
    const { admin, invoiceId } = await issuedInvoice();
    const path = `/v1/admin/billing/invoices/${invoiceId}/pay-simulated`;
    overrideConfig({ paymentProvider: "fake" });
    expect((await call("POST", path, { token: admin.token })).status).toBe(404);
    overrideConfig({ paymentProvider: "none", production: true });
    expect(paymentProvider()).toBeNull();
    expect((await call("GET", "/v1/admin/billing", { token: admin.token })).body.payment).toEqual({ provider: "none", simulated_payments: false, paid_plans_available: false });
    overrideConfig({ production: false });
    expect(await status(invoiceId)).toBe("issued");
    expect((await call("GET", "/v1/admin/billing", { token: admin.token })).body.payment).toEqual({ provider: "none", simulated_payments: true, paid_plans_available: true });
    const paid = await call("POST", path, { token: admin.token });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ invoice_id: invoiceId, status: "paid" });
    expect((await call("POST", path, { token: admin.token })).body.status).toBe("paid");
  });

  it("creates a Stripe Checkout session with the invoice's amount and reference (against a local stand-in for Stripe's API)", async () => {
    const seen: Array<{ req: IncomingMessage; body: string }> = [];
    const stripe = createHttpServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ req, body });
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ id: "cs_test_123", url: "https://checkout.stripe.com/c/pay/cs_test_123" }));
      });
    });
    await new Promise<void>((r) => stripe.listen(0, "127.0.0.1", r));
    try {
      const { admin, invoiceId, total } = await issuedInvoice();
      overrideConfig({ paymentProvider: "stripe", stripeSecretKey: "sk_test_x", paymentWebhookSecret: "whsec_test", stripeApiBase: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}` });
      const co = await checkout(admin, invoiceId);
      expect(co.body).toEqual({ checkout_url: "https://checkout.stripe.com/c/pay/cs_test_123", session_id: "cs_test_123" });
      expect(seen[0]!.req.url).toBe("/v1/checkout/sessions");
      expect(seen[0]!.req.headers.authorization).toBe("Bearer sk_test_x");
      const form = new URLSearchParams(seen[0]!.body);
      expect(form.get("client_reference_id")).toBe(invoiceId);
      expect(form.get("line_items[0][price_data][unit_amount]")).toBe(String(total));
      // Stripe's event, signed with the endpoint secret, pays it.
      const body = completed("evt_stripe_" + invoiceId, "cs_test_123", invoiceId);
      expect((await webhook(body, signPaymentEvent("whsec_test", body))).status).toBe(200);
      expect(await status(invoiceId)).toBe("paid");
    } finally {
      stripe.close();
    }
  });
});
