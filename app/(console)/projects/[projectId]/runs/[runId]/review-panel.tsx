"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Textarea } from "@/app/_components/Input";
import { useTRPC } from "@/app/_lib/trpc";
import { formatPercent } from "@/i18n/format";
import { formatDateTime } from "../../../labels";
import { claimStatus, flagKind, riskReason } from "../../_rewards/labels";
import { formatMs } from "./words";

type TClaim = { claim_id: string; status: string; risk_score: number; risk_reasons: string[]; decisions: Array<{ decision: "released" | "rejected"; by: string | null; automatic: boolean; reason: string | null; at: string }> };
type TReplay = {
  replay_check: "match" | "mismatch" | "unavailable";
  timing: { duration_ms: number; median_interval_ms: number | null; level_runs: number; level_median_duration_ms: number | null; faster_than: number | null };
  claims: TClaim[];
  network_players: number | null;
  open_flags: Array<{ kind: string; created_at: string }>;
};

const CHECK = {
  match: { tone: "green", text: "Replays to the stored board", hint: "Its moves, played again on the dealt board, end exactly where the run ended." },
  mismatch: { tone: "red", text: "Does not replay", hint: "Its moves, played again, end somewhere else than the stored run: the run was not played as stored." },
  unavailable: { tone: "neutral", text: "Not checked", hint: "The level the run was pinned to is no longer stored." },
} as const;

/** The facts the fraud gate weighed, and the decision on the run's claims (with a reason for the audit trail). */
export function ReviewPanel({ projectId, runId, replay: d }: { projectId: string; runId: string; replay: TReplay }) {
  const check = CHECK[d.replay_check];
  const t = d.timing;
  return (
    <div className="min-w-0 space-y-6">
      <Card>
        <CardHeader title="What the gate saw" />
        <CardBody>
          <dl className="space-y-3 text-sm" data-testid="replay-facts">
            <div>
              <dt className="text-xs font-medium text-slate-500">Replay check</dt>
              <dd className="mt-0.5 flex items-center gap-2"><Badge tone={check.tone}>{check.text}</Badge></dd>
              <dd className="mt-1 text-xs text-slate-500">{check.hint}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500">Pace</dt>
              <dd className="mt-0.5 text-slate-800">
                {formatMs(t.duration_ms)} in all; {t.median_interval_ms === null ? "no accepted moves" : `${formatMs(t.median_interval_ms)} between moves (median)`}
              </dd>
              <dd className="mt-1 text-xs text-slate-500">
                {t.level_runs === 0 || t.faster_than === null
                  ? "No other finished run of this level to compare with yet."
                  : `Faster than ${formatPercent(t.faster_than)} of this level's last ${t.level_runs.toLocaleString()} finished runs here (their median: ${formatMs(t.level_median_duration_ms)}).`}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500">Network</dt>
              <dd className="mt-0.5 text-slate-800">{d.network_players === null ? "Unknown" : d.network_players === 1 ? "Only this player plays from its network" : `${d.network_players.toLocaleString()} players play from its network`}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500">Open fraud flags</dt>
              <dd className="mt-0.5 text-slate-800">
                {d.open_flags.length === 0 ? "None" : (
                  <ul className="flex flex-wrap gap-1.5">{d.open_flags.map((f, i) => <li key={i}><Badge tone="amber">{flagKind(f.kind)}</Badge></li>)}</ul>
                )}
              </dd>
            </div>
          </dl>
        </CardBody>
      </Card>
      {d.claims.map((c) => <ClaimDecision key={c.claim_id} projectId={projectId} runId={runId} claim={c} />)}
    </div>
  );
}

function ClaimDecision({ projectId, runId, claim: c }: { projectId: string; runId: string; claim: TClaim }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [reason, setReason] = useState("");
  const settle = () => qc.invalidateQueries({ queryKey: trpc.players.runReplay.queryKey({ project_id: projectId, run_id: runId }) });
  const release = useMutation(trpc.claims.release.mutationOptions({ onSuccess: settle }));
  const reject = useMutation(trpc.claims.reject.mutationOptions({ onSuccess: settle }));
  const status = claimStatus(c.status);
  const decidable = c.status === "held" || c.status === "review";
  const busy = release.isPending || reject.isPending;
  const reasonId = `decision-reason-${c.claim_id}`;
  return (
    <Card>
      <CardHeader title="The run's reward claim" actions={<Badge tone={status.tone}>{status.label}</Badge>} />
      <CardBody className="space-y-3 text-sm">
        <p className="text-slate-700">Risk {c.risk_score} of 100{c.risk_reasons.length > 0 && ":"}</p>
        {c.risk_reasons.length > 0 && <ul className="flex flex-wrap gap-1.5" aria-label="Risk reasons">{c.risk_reasons.map((r) => <li key={r} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200 ring-inset">{riskReason(r)}</li>)}</ul>}
        {c.decisions.length > 0 && (
          <ul className="space-y-1 text-slate-700" data-testid="claim-decisions" aria-label="Decisions">
            {c.decisions.map((x, i) => (
              <li key={i}>
                <span className="font-medium">{x.decision === "released" ? "Released" : "Rejected"}</span> {x.automatic ? "automatically when its hold ended" : `by ${x.by ?? "a removed admin"}`} · {formatDateTime(x.at)}
                {x.reason && <span className="block text-slate-500">“{x.reason}”</span>}
              </li>
            ))}
          </ul>
        )}
        {decidable && (
          <form className="space-y-3" onSubmit={(e) => e.preventDefault()}>
            <Field label="Reason (kept in the audit trail; only admins see it)" htmlFor={reasonId}>
              <Textarea id={reasonId} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. watched the run: a person's pace" />
            </Field>
            <div className="flex gap-2">
              <Button size="sm" className="flex-1" disabled={busy} onClick={() => release.mutate({ project_id: projectId, claim_id: c.claim_id, ...(reason.trim() ? { reason: reason.trim() } : {}) })}>Release</Button>
              <Button variant="secondary" size="sm" className="flex-1 text-red-600 hover:text-red-700" disabled={busy} onClick={() => reject.mutate({ project_id: projectId, claim_id: c.claim_id, ...(reason.trim() ? { reason: reason.trim() } : {}) })}>Reject</Button>
            </div>
          </form>
        )}
        {(release.error || reject.error) && <ErrorAlert error={release.error ?? reject.error} showCode={false} />}
      </CardBody>
    </Card>
  );
}
