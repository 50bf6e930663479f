"use client";

import { useMutation } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { formatCount, formatMoney, useCurrency } from "./money";
import { PacingWords } from "./pacing-words";
import { ShareChart } from "./share-chart";
import type { TDraftView, TSimulation, TWheelId } from "./types";

/** The last result and the rate typed for it; kept above the editor, which a save or publish re-seeds. */
export type TSimulationState = { result: TSimulation | null; rate: string };

type TProps = { wheelId: TWheelId; view: TDraftView; dirty: boolean; state: TSimulationState; onState: (s: TSimulationState) => void };

/** 10 000 draws from the saved draft with the real draw: what the weights do, what a spin costs, how long the budget lasts. */
export function SimulationCard({ wheelId, view, dirty, state, onState }: TProps) {
  const currency = useCurrency();
  const trpc = useTRPC();
  const projectId = useProjectId();
  const { result, rate } = state;
  const simulate = useMutation(trpc.wheelAdmin.simulate.mutationOptions({ onSuccess: (r) => onState({ result: r, rate }) }));
  const rateNumber = rate.trim() === "" ? undefined : Number(rate.trim());
  const rateInvalid = rateNumber !== undefined && !(Number.isFinite(rateNumber) && rateNumber >= 0);
  const outdated = result !== null && result.draft_hash !== view.draft_hash;

  return (
    <Card data-testid="simulation-card">
      <CardHeader
        title="Simulation"
        description="Draws 10 000 spins from the saved draft with the same draw players get. It awards nothing: no player is credited, no spin is counted and no budget is used."
        actions={outdated ? <Badge tone="amber">For an earlier draft</Badge> : result ? <Badge tone="green">Saved draft</Badge> : null}
      />
      <CardBody className="space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Spins a day for the forecast" htmlFor={`wheel-${wheelId}-sim-rate`} className="sm:w-64" error={rateInvalid ? "Enter a number of spins, 0 or more." : null} hint="Empty: the last 7 days' rate">
            <Input id={`wheel-${wheelId}-sim-rate`} inputMode="decimal" placeholder="last 7 days" value={rate} onChange={(e) => onState({ ...state, rate: e.target.value })} invalid={rateInvalid} />
          </Field>
          <div className="space-y-1 sm:pb-6">
            <Button
              variant={result && !outdated ? "secondary" : "primary"}
              disabled={dirty || rateInvalid}
              loading={simulate.isPending}
              onClick={() => simulate.mutate({ project_id: projectId, wheel_id: wheelId, ...(rateNumber !== undefined ? { spins_per_day: rateNumber } : {}) })}
            >
              Simulate 10 000 spins
            </Button>
          </div>
          {dirty && <p className="text-xs text-amber-700 sm:pb-7">Save your changes first: the simulation uses the saved draft.</p>}
        </div>
        {simulate.error && <ErrorAlert error={simulate.error} showCode={false} />}
        {result && (
          <div className={outdated ? "space-y-6 opacity-60" : "space-y-6"} data-testid="simulation-result">
            <ShareChart rows={result.distribution} draws={result.draws} />
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
              <Figure label="Expected cost per spin" value={formatMoney(result.expected_cost_per_spin_minor, currency)} sub="From the weights" testId="sim-expected-cost" />
              <Figure label="Cost per spin in this sample" value={formatMoney(result.sample_cost_per_spin_minor, currency)} sub={`Over ${formatCount(result.draws)} draws`} />
              <Figure label="Remaining total budget" value={formatMoney(result.pacing.remaining_total_minor, currency)} sub={`${formatMoney(result.pacing.spent_total_minor, currency)} spent so far`} />
            </dl>
            <PacingWords pacing={result.pacing} source={result.pacing.spins_per_day_source === "request" ? "chosen" : "observed"} />
          </div>
        )}
      </CardBody>
    </Card>
  );
}

export function Figure({ label, value, sub, testId }: { label: string; value: React.ReactNode; sub?: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {sub && <dd className="mt-0.5 text-xs text-slate-500">{sub}</dd>}
    </div>
  );
}
