"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { ConfirmButton } from "@/app/_components/ConfirmButton";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { formatMoney, formatNumber, formatPercent } from "@/i18n/format";
import { cohortCostInWords } from "./cohort-costs";

const COHORT_LABEL: Record<string, string> = { treatment: "Treatment (widget shown)", control: "Control (widget hidden)", all: "Everyone (no experiment)", off: "Widget off" };

/** The experiment's cohorts side by side (analytics/ab), and a restart behind a confirmation. */
export function AbCohorts() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const queryClient = useQueryClient();
  const ab = useQuery({ ...trpc.analytics.ab.queryOptions({ project_id: projectId }), staleTime: 0 });
  const restart = useMutation(trpc.analytics.restartExperiment.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.analytics.ab.pathKey() }) }));
  const a = ab.data;
  return (
    <Card>
      <CardHeader
        title="A/B experiment"
        description={
          a ? (
            <span>
              {a.enabled ? "Players are split 50/50 by a stable hash." : "Exposure mode is not A/B test: every player gets the same widget."} Key{" "}
              <span className="font-mono text-xs" data-testid="ab-key">{a.experiment_key.slice(0, 8)}</span>
            </span>
          ) : (
            "Cohorts side by side"
          )
        }
        actions={
          <>
            {a && <Badge tone={a.enabled ? "green" : "neutral"}>{a.enabled ? "Running" : "Not running"}</Badge>}
            <ConfirmButton label="Restart experiment" confirmLabel="Yes, restart" prompt="New buckets for everyone?" loading={restart.isPending} onConfirm={() => restart.mutate({ project_id: projectId })} data-testid="ab-restart" />
          </>
        }
      />
      <CardBody className="space-y-4">
        {restart.error && <ErrorAlert error={restart.error} />}
        {restart.data && (
          <Alert tone="success" title="Experiment restarted">
            New assignments from now on; past exposures are kept under the previous key.
          </Alert>
        )}
        {ab.error ? (
          <ErrorAlert error={ab.error} showCode={false} />
        ) : !a ? (
          <Skeleton className="h-32 rounded-lg" />
        ) : a.cohorts.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-200 px-4 py-8 text-center text-sm text-slate-500" data-testid="ab-empty">
            No exposures in this experiment yet. Cohorts fill in as players open the widget.
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2" data-testid="ab-cohorts">
            {a.cohorts.map((c) => (
              <div key={c.cohort} className="rounded-lg border border-slate-200 p-4" data-testid={`ab-cohort-${c.cohort}`}>
                <h3 className="text-sm font-semibold text-slate-900">{COHORT_LABEL[c.cohort] ?? c.cohort}</h3>
                <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-3 text-xs text-slate-500">
                  <Figure label="Players" value={formatNumber(c.players)} />
                  <Figure label="Exposures" value={formatNumber(c.exposures)} />
                  <Figure label="Plays" value={formatNumber(c.plays)} />
                  <Figure label="Wins" value={formatNumber(c.wins)} />
                  {/* counted from a player's first exposure (players who never played included), not from a first game as the KPI cards above */}
                  <Figure label="Back day 1 after exposure" value={formatPercent(c.d1_return.rate)} />
                  <Figure label="Back day 7 after exposure" value={formatPercent(c.d7_return.rate)} />
                  <Figure label="Rewards" value={formatNumber(c.rewards_granted)} />
                  <Figure label="Rewards / retained" value={c.cost_per_retained_player === null ? "—" : formatNumber(c.cost_per_retained_player)} />
                </dl>
                <div className="mt-4 border-t border-slate-100 pt-3" data-testid={`ab-costs-${c.cohort}`}>
                  <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">What retention costs</h4>
                  <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-3 text-xs text-slate-500">
                    <Figure label="Per day-7 returner" value={c.cost_per_retained_player_minor === null ? "—" : formatMoney(c.cost_per_retained_player_minor, a.currency)} testId={`ab-cost-per-retained-${c.cohort}`} />
                    <Figure label="Rewards (declared)" value={formatMoney(c.reward_value_minor, a.currency)} />
                    <Figure label="Wheel prizes" value={formatMoney(c.wheel_prizes_cost_minor, a.currency)} />
                  </dl>
                  <p className="mt-3 text-xs leading-relaxed text-slate-600" data-testid={`ab-costs-words-${c.cohort}`}>{cohortCostInWords(c, a.currency)}</p>
                </div>
              </div>
            ))}
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="truncate">{label}</dt>
      <dd className="text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
