"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { cx } from "@/app/_components/cx";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { formatCount } from "@/i18n/format";
import { shortDate } from "./format";

const RANGES = [7, 30, 90] as const;

/** Sessions and active players per UTC day (analytics/session-series), with the change against the period before. */
export function SessionsChart() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const [days, setDays] = useState<(typeof RANGES)[number]>(7);
  const series = useQuery({ ...trpc.analytics.sessionSeries.queryOptions({ project_id: projectId, days }), staleTime: 0, placeholderData: keepPreviousData });
  const s = series.data;
  return (
    <Card>
      <CardHeader
        title="Sessions per day"
        description={s ? <span data-testid="series-total">{formatCount(s.total, { one: "session", other: "sessions" })} in {formatCount(s.days, { one: "day", other: "days" })}</span> : "Play starts (games, and the legacy widget's), per UTC day"}
        actions={
          <>
            {s && <DeltaBadge delta={s.delta_pct} />}
            <div role="group" aria-label="Period" className="inline-flex rounded-lg bg-slate-100 p-0.5">
              {RANGES.map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={days === d}
                  onClick={() => setDays(d)}
                  className={cx("rounded-md px-2.5 py-1 text-xs font-medium transition", days === d ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900")}
                >
                  {d} d
                </button>
              ))}
            </div>
          </>
        }
      />
      <CardBody>
        {series.error ? (
          <ErrorAlert error={series.error} showCode={false} />
        ) : !s ? (
          <Skeleton className="h-64 rounded-lg" />
        ) : s.total === 0 ? (
          <div className="grid h-64 place-items-center rounded-lg border border-dashed border-slate-200 text-center text-sm text-slate-500" data-testid="series-empty">
            No sessions in the last {s.days} days. Players appear here as soon as they start a game.
          </div>
        ) : (
          <div className="h-64" data-testid="series-chart">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={s.series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <defs>
                  <linearGradient id="sessionsFill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor="#6366f1" stopOpacity={0.3} />
                    <stop offset="100%" stopColor="#6366f1" stopOpacity={0.02} />
                  </linearGradient>
                </defs>
                <CartesianGrid stroke="#e2e8f0" vertical={false} />
                <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} minTickGap={24} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} />
                <Tooltip labelFormatter={(d) => `${shortDate(String(d))} (UTC)`} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
                <Area type="monotone" dataKey="count" name="Sessions" stroke="#4f46e5" strokeWidth={2} fill="url(#sessionsFill)" isAnimationActive={false} />
                <Area type="monotone" dataKey="players" name="Active players" stroke="#10b981" strokeWidth={2} fill="none" isAnimationActive={false} />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function DeltaBadge({ delta }: { delta: number | null }) {
  if (delta === null) {
    return (
      <Badge tone="neutral">
        <span data-testid="series-delta">no earlier data</span>
      </Badge>
    );
  }
  const tone = delta > 0 ? "green" : delta < 0 ? "red" : "neutral";
  return (
    <Badge tone={tone}>
      <span data-testid="series-delta">
        {delta > 0 ? "+" : ""}
        {delta}%
      </span>
      <span className="sr-only"> against the previous period</span>
    </Badge>
  );
}
