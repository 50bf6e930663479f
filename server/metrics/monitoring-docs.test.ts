import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type pg from "pg";
import { registerGauges } from "./collectors";
import { registry } from "./prometheus";

/**
 * docs/operations/monitoring/: the Grafana dashboard and the alert rules an operator imports. They
 * parse, and every Playloop metric they query is one the processes export (a renamed metric would
 * leave a panel empty and an alert silent).
 */
const emptyPool = () => ({ totalCount: 0, idleCount: 0, waitingCount: 0 }) as unknown as pg.Pool;
const noThread = () => ({ up: 0, started: 0, answered: 0, missed: 0 });
const noChecks = () => ({ own_state: 0, ahead_thread: 0, ahead_loop: 0, transaction: 0 });
registerGauges("worker", emptyPool, () => null, noThread, noChecks);
registerGauges("web", emptyPool, () => null, noThread, noChecks);

function exported(): Set<string> {
  const names = new Set<string>();
  for (const m of registry.getMetricsAsArray()) {
    names.add(m.name);
    if (String(m.type) === "histogram") for (const suffix of ["_bucket", "_count", "_sum"]) names.add(m.name + suffix);
    if (String(m.type) === "summary") for (const suffix of ["_count", "_sum"]) names.add(m.name + suffix);
  }
  return names;
}
const named = (expr: string) => expr.match(/\bplayloop_[a-z0-9_]+/g) ?? [];

describe("the monitoring docs", () => {
  it("the dashboard is Grafana JSON whose every panel queries metrics the service exports", () => {
    const dash = JSON.parse(readFileSync("docs/operations/monitoring/grafana-dashboard.json", "utf8")) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
    const known = exported();
    expect(dash.panels.length).toBeGreaterThanOrEqual(12);
    for (const p of dash.panels) {
      expect(p.targets.length, p.title).toBeGreaterThan(0);
      for (const t of p.targets) {
        expect(named(t.expr).length, `${p.title}: ${t.expr}`).toBeGreaterThan(0);
        for (const n of named(t.expr)) expect(known.has(n), `${p.title}: ${n}`).toBe(true);
      }
    }
  });

  it("the alert rules are Prometheus rule groups on exported metrics, each with a summary", () => {
    const rules = parse(readFileSync("docs/operations/monitoring/alerts.yml", "utf8")) as { groups: Array<{ rules: Array<{ alert: string; expr: string; annotations: { summary: string } }> }> };
    const known = exported();
    const all = rules.groups.flatMap((g) => g.rules);
    expect(all.map((r) => r.alert)).toEqual(expect.arrayContaining(["PlayloopWebhookDeliveriesDying", "PlayloopJobQueueBackingUp", "PlayloopInstanceNotReady", "PlayloopErrorRate"]));
    for (const r of all) {
      expect(r.annotations.summary, r.alert).toBeTruthy();
      for (const n of named(r.expr)) expect(known.has(n), `${r.alert}: ${n}`).toBe(true);
    }
  });

  it("the page's Prometheus scrape configuration is valid YAML with a job per process, each sending the token", () => {
    const page = readFileSync("docs/operations/monitoring.md", "utf8");
    const block = /```yaml\n([\s\S]*?)```/.exec(page)![1]!;
    const jobs = (parse(block) as { scrape_configs: Array<{ job_name: string; authorization: { credentials_file: string }; static_configs: Array<{ targets: string[] }> }> }).scrape_configs;
    expect(jobs.map((j) => j.job_name)).toEqual(["playloop-web", "playloop-worker"]);
    for (const j of jobs) {
      expect(j.authorization.credentials_file).toBeTruthy();
      expect(j.static_configs[0]!.targets.length).toBeGreaterThan(0);
    }
  });

  it("the page names every Playloop metric the processes export", () => {
    const page = readFileSync("docs/operations/monitoring.md", "utf8");
    for (const m of registry.getMetricsAsArray()) {
      if (/^playloop_(process|nodejs)_/.test(m.name)) continue; // prom-client's defaults, named as a family
      expect(page, m.name).toContain(`\`${m.name}\``);
    }
  });
});

describe("a scrape while a gauge's source is down", () => {
  it("still answers, without that gauge's samples", async () => {
    const { scrapeGauge } = await import("./prometheus");
    scrapeGauge({ name: "playloop_test_unreachable", help: "a gauge whose source fails", labelNames: ["x"] as const, read: async (): Promise<Array<{ labels: { x: string }; value: number }>> => Promise.reject(new Error("connect ECONNREFUSED")) });
    const text = await registry.metrics();
    expect(text).toContain("# TYPE playloop_test_unreachable gauge");
    expect(text).not.toMatch(/^playloop_test_unreachable\{/m);
    expect(text).toContain("playloop_db_pool_connections");
    registry.removeSingleMetric("playloop_test_unreachable");
  });
});
