"use client";

import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CopyButton } from "@/app/_components/CopyButton";
import { Skeleton } from "@/app/_components/Spinner";
import { formatCount, formatMoney, formatRate, formatShare, useCurrency } from "./money";
import { PacingWords } from "./pacing-words";
import { SpendChart } from "./spend-chart";
import { Figure } from "./simulation-card";
import type { TWheelId, TWheelStats } from "./types";
import { useWheelStats } from "./use-wheel";

/** What the published wheel did: spins, landings by segment, budget use and spend against the forecast. */
export function StatsCard({ wheelId }: { wheelId: TWheelId }) {
  const stats = useWheelStats(wheelId);
  const s = stats.data;
  return (
    <Card data-testid="stats-card">
      <CardHeader
        title="Stats"
        description={s ? <>{s.published_version === null ? "Not published yet" : `Version ${s.published_version} live`} · today is {s.day} in {s.timezone}</> : "Spins, prizes and budget use"}
        actions={
          <Button variant="secondary" size="sm" loading={stats.isFetching} onClick={() => void stats.refetch()}>
            Refresh
          </Button>
        }
      />
      <CardBody className="space-y-6">
        {stats.error ? <ErrorAlert error={stats.error} showCode={false} /> : !s ? <Skeleton className="h-64" /> : <StatsBody s={s} />}
      </CardBody>
    </Card>
  );
}

function StatsBody({ s }: { s: TWheelStats }) {
  const currency = useCurrency();
  const p = s.pacing;
  const substituted = s.awards_by_segment.reduce((n, a) => n + a.substituted_landings, 0);
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="stats-figures">
        <Figure label="Spins today" value={formatCount(s.spins.today)} />
        <Figure label="Last 7 days" value={formatCount(s.spins.last_7_days)} sub={`${formatRate(p.spins_per_day)} a day on average`} />
        <Figure label="All spins" value={formatCount(s.spins.total)} />
        <Figure label="Spend vs forecast" value={p.spend_vs_forecast === null ? "—" : formatShare(p.spend_vs_forecast)} sub="Actual prize cost ÷ what the weights predict" />
      </dl>
      <SpendChart
        periods={[
          { label: "Today", testId: "today", actual: p.actual_spend_today_minor, forecast: p.forecast_spend_today_minor, budget: s.budget.daily_minor, budgetLabel: "daily budget" },
          { label: "All time", testId: "total", actual: p.actual_spend_total_minor, forecast: p.forecast_spend_total_minor, budget: s.budget.total_minor, budgetLabel: "total budget" },
        ]}
      />
      <p className="text-sm text-slate-600" data-testid="spend-story">
        {spendStory({ actual: p.actual_spend_total_minor, forecast: p.forecast_spend_total_minor, substituted, spins: s.spins.total, currency })}
      </p>
      <PacingWords pacing={p} source="observed" />
      <AwardsTable s={s} />
      {s.fairness && (
        <details className="rounded-lg border border-slate-200 px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">Fairness proof for an auditor</summary>
          <p className="mt-2 text-xs text-slate-500">
            Players see the commitment; the salt stays secret. Give the salt and the weight table of version {s.published_version} to an auditor to check every spin.
          </p>
          <dl className="mt-3 space-y-2">
            {(
              [
                ["Weights commitment", s.fairness.weights_commitment],
                ["Weights salt", s.fairness.weights_salt],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                <dt className="w-40 shrink-0 text-xs text-slate-500">{label}</dt>
                <dd className="min-w-0 flex-1 truncate font-mono text-xs text-slate-800" title={value}>
                  {value}
                </dd>
                <CopyButton text={value} label="Copy" variant="ghost" />
              </div>
            ))}
          </dl>
        </details>
      )}
    </>
  );
}

/** What the gap between actual and forecast spend means. Substituted landings cost nothing, so only budgets and caps (or luck) pull spend below the forecast. */
function spendStory({ actual, forecast, substituted, spins, currency }: { actual: number; forecast: number; substituted: number; spins: number; currency: string }): string {
  if (forecast <= 0) return actual > 0 ? `Prizes have cost ${formatMoney(actual, currency)} so far.` : "Nothing spent yet: once players spin, what their prizes cost shows here against what the weights forecast.";
  const ratio = actual / forecast;
  const gap = ratio < 0.9 ? "below" : ratio > 1.1 ? "above" : null;
  const head = gap ? `Prizes cost ${formatMoney(actual, currency)}, ${formatShare(Math.abs(1 - ratio))} ${gap} the ${formatMoney(forecast, currency)} the weights forecast` : `Prizes cost ${formatMoney(actual, currency)}, close to the ${formatMoney(forecast, currency)} the weights forecast`;
  const subs = substituted > 0 ? `${formatCount(substituted)} landing${substituted === 1 ? " was" : "s were"} turned into nothing by a budget or a cap` : null;
  if (spins < 100 && gap) return `${head}. With ${formatCount(spins)} spin${spins === 1 ? "" : "s"} so far that is mostly chance${subs ? `; ${subs}` : ""}.`;
  if (gap === "below") return `${head}: ${subs ?? "no budget or cap stepped in, so players have been unlucky so far"}.`;
  if (gap === "above") return `${head}: players have been lucky so far; over more spins this evens out.`;
  return `${head}.${subs ? ` ${subs.charAt(0).toUpperCase()}${subs.slice(1)}.` : ""}`;
}

function AwardsTable({ s }: { s: TWheelStats }) {
  const currency = useCurrency();
  if (s.awards_by_segment.length === 0) return <p className="text-sm text-slate-500">No spins yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-sm" data-testid="awards-table">
        <caption className="sr-only">Landings by segment</caption>
        <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="px-3 py-2 font-medium">Segment</th>
            <th className="px-3 py-2 text-right font-medium">Today</th>
            <th className="px-3 py-2 text-right font-medium">All</th>
            <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">Substituted</th>
            <th className="px-3 py-2 text-right font-medium">Cost</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {s.awards_by_segment.map((a) => (
            <tr key={a.segment_id}>
              <td className="px-3 py-2">
                <span className="text-slate-900">{a.label}</span>
                <span className="block font-mono text-[11px] text-slate-500 sm:ml-1.5 sm:inline">{a.segment_id}</span>
                {a.substituted_landings > 0 && <span className="block text-xs text-slate-500 sm:hidden">{formatCount(a.substituted_landings)} substituted</span>}
              </td>
              <td className="px-3 py-2 text-right">{formatCount(a.landings_today)}</td>
              <td className="px-3 py-2 text-right">{formatCount(a.landings)}</td>
              <td className="hidden px-3 py-2 text-right text-slate-500 sm:table-cell">{a.substituted_landings > 0 ? formatCount(a.substituted_landings) : "—"}</td>
              <td className="px-3 py-2 text-right">{formatMoney(a.cost_minor, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
