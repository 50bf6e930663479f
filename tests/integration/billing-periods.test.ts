import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { issuePeriodInvoices } from "@/server/domain/money/billing/issue-period-invoices";
import { serverSuite } from "../helpers/suite";
import { changePlan, invoicesOf, seedPlayers } from "../helpers/billing";
import { createProject, verifiedAdmin, type TAdmin } from "../helpers/api";

/**
 * The monthly close (issuePeriodInvoices): the fee and overage once per account and month, a
 * pending downgrade, upgrades in the month, and the catch-up of months a close missed. Plans,
 * usage, plan changes and payment: billing.test.ts.
 */
const s = serverSuite();

const upgrade = (a: TAdmin, plan_id: string) => changePlan(s.call, a, plan_id);
const invoices = (a: TAdmin) => invoicesOf(s.call, a);

describe("monthly invoices", () => {
  it("issues the plan fee and overage once per account and period, then applies a pending downgrade", async () => {
    const admin = await verifiedAdmin(s.call);
    const p = await createProject(s.call, admin);
    await upgrade(admin, "growth");
    await upgrade(admin, "free"); // pending until the period closes
    // As if the account had been on Growth since before that period (the upgrade above is today's),
    // and had asked for the downgrade during it (a downgrade takes effect at the end of the period it is asked in).
    await pool().query("UPDATE billing_account SET period_plan_id = NULL, period_upgraded_at = NULL WHERE account_id = $1", [admin.accountId]);
    await pool().query("UPDATE audit_log SET created_at = '2025-06-20T00:00:00Z' WHERE account_id = $1 AND action = 'billing.plan_changed' AND metadata->>'change' = 'downgrade'", [admin.accountId]);
    // A past period, closed late: 12,000 identified players (2 started thousands over Growth's 10,000) and anonymous ones that are not billed.
    const periodOf = new Date("2025-06-15T00:00:00Z");
    await seedPlayers(p, "june", 12_000, new Date("2025-06-10T00:00:00Z"));
    await seedPlayers(p, "anon_june", 500, new Date("2025-06-11T00:00:00Z"));
    // The billing row must predate the period for this account to be closed; close it as the job would.
    const first = await issuePeriodInvoices({ periodOf, at: new Date("2025-07-01T00:10:00Z") });
    const second = await issuePeriodInvoices({ periodOf, at: new Date("2025-07-01T00:20:00Z") });
    expect(first.issued).toBeGreaterThanOrEqual(1);
    const rows = (await pool().query("SELECT * FROM invoice WHERE account_id = $1 AND kind = 'period'", [admin.accountId])).rows;
    expect(rows).toHaveLength(1);
    expect(second.issued).toBe(0);
    expect(rows[0].line_items).toEqual([
      { description: "Growth plan", quantity: 1, unit_cents: 4900, amount_cents: 4900 },
      { description: "2,000 players above 10,000 (per started 1,000)", quantity: 2, unit_cents: 500, amount_cents: 1000 },
    ]);
    expect(rows[0].total_cents).toBe(5900);
    expect(rows[0].period_start.toISOString()).toBe("2025-06-01T00:00:00.000Z");
    // The downgrade took effect once.
    const billing = await s.call("GET", "/v1/admin/billing", { token: admin.token });
    expect(billing.body).toMatchObject({ plan: { plan_id: "free" }, pending_plan_id: null });
    const closes = await pool().query("SELECT count(*)::int AS n FROM audit_log WHERE account_id = $1 AND action = 'billing.period_closed'", [admin.accountId]);
    expect(closes.rows[0].n).toBe(1);
  });

  it("closes the periods an account missed (no worker over two months' starts) before the one asked for, each once", async () => {
    const admin = await verifiedAdmin(s.call);
    await createProject(s.call, admin);
    await upgrade(admin, "growth");
    // Closed through March 2025 as if on Growth since long before; the runs for April and May never happened.
    await pool().query("UPDATE billing_account SET period_plan_id = NULL, period_upgraded_at = NULL, closed_through = '2025-04-01T00:00:00Z' WHERE account_id = $1", [admin.accountId]);
    await issuePeriodInvoices({ periodOf: new Date("2025-06-15T00:00:00Z"), at: new Date("2025-07-01T00:10:00Z") });
    await issuePeriodInvoices({ periodOf: new Date("2025-06-15T00:00:00Z"), at: new Date("2025-07-01T00:20:00Z") });
    const rows = (await pool().query("SELECT period_start, total_cents FROM invoice WHERE account_id = $1 AND kind = 'period' ORDER BY period_start", [admin.accountId])).rows;
    expect(rows.map((r) => [r.period_start.toISOString().slice(0, 7), r.total_cents])).toEqual([["2025-04", 4900], ["2025-05", 4900], ["2025-06", 4900]]);
    const closed = await pool().query("SELECT closed_through FROM billing_account WHERE account_id = $1", [admin.accountId]);
    expect(closed.rows[0].closed_through.toISOString()).toBe("2025-07-01T00:00:00.000Z");
  });

  it("closes an account never closed from the month its billing row was opened, that month from the free plan on", async () => {
    const admin = await verifiedAdmin(s.call);
    await upgrade(admin, "growth");
    // As if the account had gone Free → Growth on 15 March 2025 (the upgrade's proration paid the
    // rest of March) and Growth → Scale on 10 April, which overwrote the record of the first upgrade,
    // and no close had run for it since.
    await pool().query(
      "UPDATE billing_account SET opened_at = '2025-03-15T00:00:00Z', plan_id = 'scale', period_plan_id = 'growth', period_upgraded_at = '2025-04-10T00:00:00Z' WHERE account_id = $1",
      [admin.accountId],
    );
    await issuePeriodInvoices({ periodOf: new Date("2025-05-15T00:00:00Z"), at: new Date("2025-06-01T00:10:00Z") });
    const rows = (await pool().query("SELECT period_start, total_cents FROM invoice WHERE account_id = $1 AND kind = 'period' ORDER BY period_start", [admin.accountId])).rows;
    // March closed (began on Free: no fee, no players), April at the plan it began on, May at Scale.
    expect(rows.map((r) => [r.period_start.toISOString().slice(0, 7), r.total_cents])).toEqual([["2025-04", 4900], ["2025-05", 19900]]);
    const closes = await pool().query("SELECT metadata->>'period_start' AS p FROM audit_log WHERE account_id = $1 AND action = 'billing.period_closed' ORDER BY 1", [admin.accountId]);
    expect(closes.rows.map((r) => r.p.slice(0, 7))).toEqual(["2025-03", "2025-04", "2025-05"]);
  });

  it("closes a missed month by its own upgrades when a later month's upgrade overwrote their record (the audit log has them)", async () => {
    const admin = await verifiedAdmin(s.call);
    await upgrade(admin, "growth");
    await upgrade(admin, "scale");
    // As if: on Free and closed through March 2025; Free → Growth on 10 April, Growth → Scale on 5
    // May (whose record overwrote April's); the close of April missed.
    const changes = (await pool().query("SELECT id FROM audit_log WHERE account_id = $1 AND action = 'billing.plan_changed' ORDER BY created_at, id", [admin.accountId])).rows;
    await pool().query("UPDATE audit_log SET created_at = '2025-04-10T00:00:00Z' WHERE id = $1", [changes[0].id]);
    await pool().query("UPDATE audit_log SET created_at = '2025-05-05T00:00:00Z' WHERE id = $1", [changes[1].id]);
    await pool().query(
      "UPDATE billing_account SET closed_through = '2025-04-01T00:00:00Z', opened_at = '2025-01-15T00:00:00Z', period_plan_id = 'growth', period_upgraded_at = '2025-05-05T00:00:00Z' WHERE account_id = $1",
      [admin.accountId],
    );
    await issuePeriodInvoices({ periodOf: new Date("2025-05-15T00:00:00Z"), at: new Date("2025-06-01T00:10:00Z") });
    const rows = (await pool().query("SELECT period_start, total_cents FROM invoice WHERE account_id = $1 AND kind = 'period' ORDER BY period_start", [admin.accountId])).rows;
    // April began on Free (the upgrade's proration paid the rest): no fee; May at the plan it began on.
    expect(rows.map((r) => [r.period_start.toISOString().slice(0, 7), r.total_cents])).toEqual([["2025-05", 4900]]);
  });

  it("dates a row's opening at the account's first upgrade, not at an earlier change that changed nothing", async () => {
    const admin = await verifiedAdmin(s.call);
    await upgrade(admin, "free"); // already on Free: nothing changes, but the row is made
    await pool().query("UPDATE billing_account SET opened_at = '2025-03-10T00:00:00Z' WHERE account_id = $1", [admin.accountId]);
    await upgrade(admin, "growth");
    const row = (await pool().query("SELECT opened_at, period_upgraded_at FROM billing_account WHERE account_id = $1", [admin.accountId])).rows[0];
    expect(row.opened_at.toISOString()).toBe(row.period_upgraded_at.toISOString());
    // a later upgrade leaves it
    await upgrade(admin, "scale");
    const again = (await pool().query("SELECT opened_at FROM billing_account WHERE account_id = $1", [admin.accountId])).rows[0];
    expect(again.opened_at.toISOString()).toBe(row.opened_at.toISOString());
  });

  it("leaves a downgrade asked for after the missed periods pending while it closes them", async () => {
    const admin = await verifiedAdmin(s.call);
    await upgrade(admin, "growth");
    await upgrade(admin, "free"); // asked today: effective at the end of today's period, after every 2025 period
    await pool().query("UPDATE billing_account SET period_plan_id = NULL, period_upgraded_at = NULL, closed_through = '2025-04-01T00:00:00Z' WHERE account_id = $1", [admin.accountId]);
    await issuePeriodInvoices({ periodOf: new Date("2025-06-15T00:00:00Z"), at: new Date("2025-07-01T00:10:00Z") });
    const rows = (await pool().query("SELECT period_start, total_cents FROM invoice WHERE account_id = $1 AND kind = 'period' ORDER BY period_start", [admin.accountId])).rows;
    expect(rows.map((r) => [r.period_start.toISOString().slice(0, 7), r.total_cents])).toEqual([["2025-04", 4900], ["2025-05", 4900], ["2025-06", 4900]]);
    const billing = await s.call("GET", "/v1/admin/billing", { token: admin.token });
    expect(billing.body).toMatchObject({ plan: { plan_id: "growth" }, pending_plan_id: "free" });
  });

  it("bills a period with an upgrade in it at the plan it began on, with players and rate weighted by time", async () => {
    const admin = await verifiedAdmin(s.call);
    const p = await createProject(s.call, admin);
    // The first upgrade of a period records the plan the period began on; a second one keeps it.
    await upgrade(admin, "growth");
    await upgrade(admin, "scale");
    const recorded = (await pool().query("SELECT plan_id, period_plan_id, period_upgraded_at, plan_changed_at FROM billing_account WHERE account_id = $1", [admin.accountId])).rows[0];
    expect(recorded).toMatchObject({ plan_id: "scale", period_plan_id: "free" });
    expect(recorded.period_upgraded_at.getTime()).toBeLessThan(recorded.plan_changed_at.getTime());
    const proration = (await invoices(admin)).filter((i) => i.kind === "proration");
    expect(proration).toHaveLength(2);
    // A past period: Growth → Scale exactly half-way through August 2025 (31 days), 60,000 players.
    await pool().query("UPDATE billing_account SET period_plan_id = 'growth', period_upgraded_at = '2025-08-16T12:00:00Z' WHERE account_id = $1", [admin.accountId]);
    await seedPlayers(p, "august", 60_000, new Date("2025-08-20T00:00:00Z"));
    await issuePeriodInvoices({ periodOf: new Date("2025-08-10T00:00:00Z"), at: new Date("2025-09-01T00:10:00Z") });
    const [period] = (await pool().query("SELECT plan_id, line_items, total_cents FROM invoice WHERE account_id = $1 AND kind = 'period'", [admin.accountId])).rows;
    // Growth's fee, not Scale's (the upgrade's proration paid Scale's difference for the rest of the
    // month); 55,000 players included and $4 a thousand above them (half of each plan's).
    expect(period).toEqual({
      plan_id: "scale",
      total_cents: 4900 + 5 * 400,
      line_items: [
        { description: "Growth plan", quantity: 1, unit_cents: 4900, amount_cents: 4900 },
        { description: "5,000 players above 55,000 (per started 1,000)", quantity: 5, unit_cents: 400, amount_cents: 2000 },
      ],
    });
  });

  it("enforces one period invoice per account and period in the database too", async () => {
    const admin = await verifiedAdmin(s.call);
    const insert = () =>
      pool().query(
        `INSERT INTO invoice (id, account_id, number, kind, period_start, period_end, plan_id, currency, line_items, total_cents, status, issued_at, due_at, fallback_plan_id)
         VALUES (gen_random_uuid(), $1, 'INV-' || gen_random_uuid(), 'period', '2025-05-01', '2025-06-01', 'growth', 'usd', '[]', 0, 'issued', now(), now(), 'free')`,
        [admin.accountId],
      );
    await insert();
    await expect(insert()).rejects.toThrow(/invoice_period_once/);
  });
});
