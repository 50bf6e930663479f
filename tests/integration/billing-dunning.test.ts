import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config, overrideConfig } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { takeBackUnpaidPlans } from "@/server/domain/money/billing/dunning";
import { advanceClock, now } from "@/server/lib/clock";
import { client, newVerifiedSession, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * Dunning on the one clock: an upgrade is in force at once, its invoice is due BILLING_DUE_DAYS
 * later; past that the account is past_due; BILLING_GRACE_DAYS later the plan it bought is taken
 * back; paying the invoice restores it. A paid plan is never granted where nothing can pay for it.
 */
let server: TTestServer;
let call: TCall;
const saved = { ...config() };
const DAY = 86_400_000;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());
afterEach(() => overrideConfig({ production: saved.production, paymentProvider: saved.paymentProvider }));

const billing = async (a: TAdmin) => (await call("GET", "/v1/admin/billing", { token: a.token })).body;
const upgrade = (a: TAdmin, plan_id: string) => call("POST", "/v1/admin/billing/upgrade", { token: a.token, body: { plan_id } });
/** Days pass on the one clock: the admin signs in again (sessions last an hour). */
const later = async (a: TAdmin, ms: number) => {
  advanceClock(ms);
  a.token = await newVerifiedSession(call, a);
};
/**
 * The grace passes for this admin's invoices only: they move back by the grace, the clock stays.
 * The job takes every account's lapsing invoices, so moving the clock past the grace would lapse
 * the unpaid invoices of the test files running beside this one too.
 */
const graceOver = async (a: TAdmin) => {
  const { graceDays } = config().billing;
  await pool().query("UPDATE invoice SET issued_at = issued_at - make_interval(days => $2), due_at = due_at - make_interval(days => $2) WHERE account_id = $1", [a.accountId, graceDays]);
};
const auditActions = async (a: TAdmin) => (await pool().query("SELECT action, metadata FROM audit_log WHERE account_id = $1 AND action LIKE 'billing.plan_%' ORDER BY created_at", [a.accountId])).rows;

describe("an unpaid upgrade", () => {
  it("is due, then past_due, then returns the account to the plan it came from; paying restores the plan it bought", async () => {
    const admin = await verifiedAdmin(call);
    const up = await upgrade(admin, "growth");
    expect(up.status, up.text).toBe(200);
    const invoice = up.body.invoice;
    const { dueDays, graceDays } = config().billing;
    expect(new Date(invoice.due_at).getTime() - new Date(invoice.issued_at).getTime()).toBe(dueDays * DAY);
    expect(invoice).toMatchObject({ status: "issued", past_due: false, plan_taken_back_at: null });
    expect(await billing(admin)).toMatchObject({ status: "active", plan: { plan_id: "growth" }, dunning: { status: "ok", amount_past_due_cents: 0 } });

    // Due: a minute past the due date the account is past_due, and says when the plan goes.
    await later(admin, dueDays * DAY + 60_000);
    const due = await billing(admin);
    expect(due).toMatchObject({
      status: "past_due",
      plan: { plan_id: "growth" },
      dunning: { status: "past_due", amount_past_due_cents: invoice.total_cents, returns_to_plan_id: "free", restores_plan_id: null },
    });
    expect(new Date(due.dunning.plan_returns_at).getTime()).toBe(new Date(invoice.due_at).getTime() + graceDays * DAY);
    // Within the grace the job takes nothing.
    await takeBackUnpaidPlans(now());
    expect((await billing(admin)).plan.plan_id).toBe("growth");

    // Past the grace: back to Free, the invoice says when, the audit why.
    await graceOver(admin);
    expect(await takeBackUnpaidPlans(now())).toMatchObject({ invoices: expect.any(Number) });
    const lapsed = await billing(admin);
    expect(lapsed).toMatchObject({ status: "past_due", plan: { plan_id: "free" }, dunning: { restores_plan_id: "growth", plan_returns_at: null } });
    const [listed] = (await call("GET", "/v1/admin/billing/invoices", { token: admin.token })).body.invoices;
    expect(listed).toMatchObject({ invoice_id: invoice.invoice_id, status: "issued", past_due: true, plan_taken_back_at: expect.any(String) });
    expect(await auditActions(admin)).toEqual([
      expect.objectContaining({ action: "billing.plan_changed" }),
      { action: "billing.plan_taken_back", metadata: expect.objectContaining({ from: "growth", to: "free", invoice_ids: [invoice.invoice_id] }) },
    ]);
    // A second run changes nothing.
    await takeBackUnpaidPlans(now());
    expect((await auditActions(admin)).length).toBe(2);

    // Taken back, it cannot be bought again unpaid (a paid plan for ever, never paid): 409, nothing changes.
    const again = await upgrade(admin, "growth");
    expect(again.status, again.text).toBe(409);
    expect(again.body).toMatchObject({ code: "conflict", reason: "payment_past_due", invoice_ids: [invoice.invoice_id] });
    expect((await billing(admin)).plan.plan_id).toBe("free");
    expect((await call("GET", "/v1/admin/billing/invoices", { token: admin.token })).body.invoices).toHaveLength(1);
    expect((await auditActions(admin)).length).toBe(2);

    // Paid: the plan it bought is back.
    const paid = await call("POST", `/v1/admin/billing/invoices/${invoice.invoice_id}/pay-simulated`, { token: admin.token });
    expect(paid.body.status).toBe("paid");
    expect(await billing(admin)).toMatchObject({ status: "active", plan: { plan_id: "growth" }, dunning: { status: "ok", restores_plan_id: null } });
    expect((await auditActions(admin)).at(-1)).toMatchObject({ action: "billing.plan_restored", metadata: { from: "free", to: "growth" } });
    // and with nothing past due, a dearer plan can be bought again
    expect((await upgrade(admin, "scale")).body).toMatchObject({ change: "upgrade", plan_id: "scale" });
  });

  it("past due but within the grace, the plan stays and no dearer one can be bought", async () => {
    const admin = await verifiedAdmin(call);
    const invoice = (await upgrade(admin, "growth")).body.invoice;
    await later(admin, config().billing.dueDays * DAY + 60_000);
    const refused = await upgrade(admin, "scale");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: "payment_past_due", invoice_ids: [invoice.invoice_id] });
    expect((await billing(admin)).plan.plan_id).toBe("growth");
    // a cheaper plan is still a choice
    expect((await upgrade(admin, "free")).body).toMatchObject({ change: "downgrade", pending_plan_id: "free" });
  });

  it("of a second plan returns to the first one, which was paid for; a plan bought and paid since is kept", async () => {
    const admin = await verifiedAdmin(call);
    const first = (await upgrade(admin, "growth")).body.invoice;
    await call("POST", `/v1/admin/billing/invoices/${first.invoice_id}/pay-simulated`, { token: admin.token });
    const second = (await upgrade(admin, "scale")).body.invoice;
    expect(second.plan_id).toBe("scale");
    const { dueDays } = config().billing;
    await later(admin, dueDays * DAY + 60_000);
    await graceOver(admin);
    await takeBackUnpaidPlans(now());
    expect((await billing(admin)).plan.plan_id).toBe("growth");
  });
});

describe("a paid plan where nothing can pay for it", () => {
  it("is refused with 409 in production without a payment provider, and nothing changes", async () => {
    const admin = await verifiedAdmin(call);
    overrideConfig({ production: true, paymentProvider: "none" });
    const refused = await upgrade(admin, "scale");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "conflict", reason: "no_payment_provider" });
    const after = await billing(admin);
    expect(after).toMatchObject({ plan: { plan_id: "free" }, payment: { provider: "none", paid_plans_available: false } });
    expect((await call("GET", "/v1/admin/billing/invoices", { token: admin.token })).body.invoices).toEqual([]);
    // A downgrade (or the same plan) needs no payment.
    expect((await upgrade(admin, "free")).status).toBe(200);
  });
});
