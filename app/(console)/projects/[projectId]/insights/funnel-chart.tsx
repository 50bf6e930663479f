"use client";

import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { ErrorAlert } from "@/app/_components/Alert";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { formatPercent } from "@/i18n/format";
import { shortDate } from "./format";

const COLORS = ["#4f46e5", "#6366f1", "#10b981"];

/** New players → back on day 7 → a level won by day 7 (analytics/funnel). */
export function FunnelChart() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const funnel = useQuery({ ...trpc.analytics.funnel.queryOptions({ project_id: projectId, day_n: 7 }), staleTime: 0 });
  const f = funnel.data;
  const data = f
    ? [
        { step: "Started", value: f.started },
        { step: `Back day ${f.day_n}`, value: f.returned_on_day_n },
        { step: `Won by day ${f.day_n}`, value: f.completed_by_day_n },
      ]
    : [];
  return (
    <Card>
      <CardHeader title="Retention funnel" description={f ? `Players who first played ${shortDate(f.cohort_from)} – ${shortDate(f.cohort_to)}` : "New players and what they did next"} />
      <CardBody>
        {funnel.error ? (
          <ErrorAlert error={funnel.error} showCode={false} />
        ) : !f ? (
          <Skeleton className="h-64 rounded-lg" />
        ) : f.started === 0 ? (
          <div className="grid h-64 place-items-center rounded-lg border border-dashed border-slate-200 px-4 text-center text-sm text-slate-500" data-testid="funnel-empty">
            No cohort yet: the funnel counts players whose first game was at least {f.day_n + 1} days ago.
          </div>
        ) : (
          <>
            <div className="h-52" data-testid="funnel-chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid stroke="#e2e8f0" vertical={false} />
                  <XAxis dataKey="step" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} />
                  <Bar dataKey="value" radius={[6, 6, 0, 0]} isAnimationActive={false}>
                    {data.map((_, i) => (
                      <Cell key={i} fill={COLORS[i]} />
                    ))}
                    <LabelList dataKey="value" position="top" style={{ fontSize: 12, fill: "#0f172a" }} />
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs text-slate-500">
              <div>
                <dt>Started</dt>
                <dd className="text-base font-semibold text-slate-900 tabular-nums" data-testid="funnel-started">{f.started}</dd>
              </div>
              <div>
                <dt>Returned</dt>
                <dd className="text-base font-semibold text-slate-900 tabular-nums" data-testid="funnel-returned">{f.returned_on_day_n}</dd>
              </div>
              <div>
                <dt>Return rate</dt>
                <dd className="text-base font-semibold text-slate-900 tabular-nums">{formatPercent(f.return_rate)}</dd>
              </div>
            </dl>
          </>
        )}
      </CardBody>
    </Card>
  );
}
