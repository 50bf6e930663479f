"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { FIGURES } from "@/i18n/figures";
import { formatDuration, formatNumber, formatPercent } from "@/i18n/format";

/** Today's and this week's vital signs (analytics/overview). */
export function KpiCards() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const overview = useQuery({ ...trpc.analytics.overview.queryOptions({ project_id: projectId }), staleTime: 0 });
  if (overview.error) return <ErrorAlert error={overview.error} showCode={false} />;
  const o = overview.data;
  if (!o) return <Skeleton className="h-28 rounded-xl" />;
  const week = `${o.window_days} days`;
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6" data-testid="insights-kpis">
      <Stat id="dau" label={`${FIGURES.dau.label} (DAU)`} value={formatNumber(o.dau)} sub={FIGURES.dau.hint} />
      <Stat id="wau" label="WAU" value={formatNumber(o.wau)} sub={`players, last ${week}`} />
      <Stat id="d1" label="Day-1 return" value={formatPercent(o.d1_return.rate)} sub={o.d1_return.cohort ? `${o.d1_return.returned} of ${o.d1_return.cohort} new players` : "no cohort yet"} />
      <Stat id="d7" label="Day-7 return" value={formatPercent(o.d7_return.rate)} sub={o.d7_return.cohort ? `${o.d7_return.returned} of ${o.d7_return.cohort} new players` : "no cohort yet"} />
      <Stat id="avg-session" label="Avg session" value={formatDuration(o.avg_session_seconds)} sub={`per run, last ${week}`} />
      <Stat id="plays" label="Plays" value={formatNumber(o.sessions)} sub={o.preview_to_play.previewed ? `${formatPercent(o.preview_to_play.rate)} of previewers played` : `sessions, last ${week}`} />
    </dl>
  );
}

function Stat({ id, label, value, sub }: { id: string; label: string; value: React.ReactNode; sub: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid={`kpi-${id}`}>
        {value}
      </dd>
      <dd className="mt-0.5 text-xs text-slate-500">{sub}</dd>
    </div>
  );
}
