"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorAlert } from "@/app/_components/Alert";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { formatPercent } from "../_rewards/format";
import { flagKind } from "../_rewards/labels";
import { useProjectId } from "../use-project";

/** What the fraud gate did in the last 30 days, and what waits for an admin now. */
export function MetricsCards() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  // Flags and claims arrive as players play; always load afresh.
  const metrics = useQuery({ ...trpc.fraud.metrics.queryOptions({ project_id: projectId }), staleTime: 0 });
  if (metrics.error) return <ErrorAlert error={metrics.error} showCode={false} />;
  const m = metrics.data;
  if (!m) return <Skeleton className="h-28 rounded-xl" />;
  const flags = m.flags.reduce((a, f) => a + f.count, 0);
  const open = m.flags.reduce((a, f) => a + f.unresolved, 0);
  const claimsHref = `/projects/${projectId}/claims`;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="fraud-metrics">
        <Stat label="Open flags" value={open} sub={`${flags} raised in ${m.period_days} days`} />
        <Stat label="Review queue" value={m.review_queue} sub={<Link href={claimsHref} className="text-brand-700 hover:underline">Decide in Claims →</Link>} />
        <Stat label="Held now" value={m.held_now} sub="Re-checked when their hold ends" />
        <Stat label="Rejected" value={formatPercent(m.claims.rejected_rate)} sub={`of ${m.claims.total} claim${m.claims.total === 1 ? "" : "s"} · ${formatPercent(m.claims.held_or_review_rate)} held or reviewed`} />
      </dl>
      {m.flags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Flags by kind: raised in the last 30 days, and open now">
          {m.flags.map((f) => (
            <li key={f.kind} className="rounded-full bg-white px-3 py-1 text-xs text-slate-700 shadow-sm ring-1 ring-slate-200">
              {flagKind(f.kind)} <span className="font-semibold text-slate-900">{f.count}</span>
              {f.unresolved > 0 && <span className="text-amber-700"> · {f.unresolved} open</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Stat({ label, value, sub }: { label: string; value: React.ReactNode; sub: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</dd>
      <dd className="mt-0.5 text-xs text-slate-500">{sub}</dd>
    </div>
  );
}
