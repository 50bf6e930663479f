"use client";

import Link from "next/link";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Field } from "@/app/_components/Field";
import { Textarea } from "@/app/_components/Input";
import { formatAgo, formatCountdown } from "../_rewards/format";
import { claimStatus, deliveryStatus, riskReason } from "../_rewards/labels";
import type { TClaim } from "../_rewards/types";
import { RiskBar } from "./risk-bar";

export type TDecision = { kind: "release" | "reject"; state: "pending" | "done" | "failed"; error?: unknown };

type TProps = {
  claim: TClaim;
  campaignName: string | null;
  what: string;
  thresholds: { hold: number; review: number; reject: number } | null;
  now: number;
  decision: TDecision | undefined;
  webhooksHref: string;
  /** The run that earned the claim, to watch before deciding (null for claims without a run: streaks, events). */
  watchHref: string | null;
  onRelease: () => void;
  onReject: (reason: string) => void;
};

export function ClaimRow({ claim: c, campaignName, what, thresholds, now, decision, webhooksHref, watchHref, onRelease, onReject }: TProps) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const status = claimStatus(c.status);
  const decidable = (c.status === "held" || c.status === "review") && decision?.state !== "pending";
  const holdLeft = c.status === "held" && c.hold_until ? new Date(c.hold_until).getTime() - now : null;
  const reasonId = `reject-reason-${c.claim_id}`;

  return (
    <li className="px-5 py-4 sm:px-6" data-testid="claim" aria-label={`Claim by ${c.external_user_id}`}>
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium break-all text-slate-900">{c.external_user_id}</span>
            <Badge tone={status.tone}>{status.label}</Badge>
            {holdLeft !== null && (
              <span className="text-xs text-amber-800 tabular-nums" title="When the hold ends the claim is scored again and delivered if it passes.">
                {holdLeft > 0 ? `re-check in ${formatCountdown(holdLeft)}` : "re-check due now"}
              </span>
            )}
          </div>
          <p className="text-sm text-slate-700">
            <span className="font-medium">{campaignName ?? "Deleted campaign"}</span> · {what}
          </p>
          {c.risk_reasons.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Risk reasons">
              {c.risk_reasons.map((r) => (
                <li key={r} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200 ring-inset">
                  {riskReason(r)}
                </li>
              ))}
            </ul>
          )}
          {watchHref && (
            <Link href={watchHref} className="inline-flex text-sm font-medium text-brand-700 hover:underline" aria-label={`Watch the run of ${c.external_user_id}`}>
              ▶ Watch the run
            </Link>
          )}
          <p className="text-xs text-slate-500">
            Claimed {formatAgo(c.created_at, now)}
            {c.reject_reason && ` · rejected: “${c.reject_reason}”`}
            {" · "}
            {c.delivery ? (
              <Link href={webhooksHref} className="hover:underline">
                Webhook {deliveryStatus(c.delivery.status).label.toLowerCase()}
              </Link>
            ) : c.status === "rejected" ? (
              "no webhook"
            ) : (
              "webhook waits for a decision"
            )}
          </p>
        </div>
        <div className="w-full shrink-0 space-y-3 md:w-56">
          <RiskBar score={c.risk_score} thresholds={thresholds} />
          {decidable && !rejecting && (
            <div className="flex gap-2">
              <Button size="sm" className="flex-1" onClick={onRelease} aria-label={`Release claim by ${c.external_user_id}`}>
                Release
              </Button>
              <Button variant="secondary" size="sm" className="flex-1 text-red-600 hover:text-red-700" onClick={() => setRejecting(true)} aria-label={`Reject claim by ${c.external_user_id}`}>
                Reject…
              </Button>
            </div>
          )}
          {decision?.state === "pending" && <p className="text-sm text-slate-500" role="status">{decision.kind === "release" ? "Releasing…" : "Rejecting…"}</p>}
          {decision?.state === "done" && (
            <p className="text-sm font-medium text-emerald-700" role="status">
              {decision.kind === "release" ? (
                <>
                  ✓ Released, webhook queued ·{" "}
                  <Link href={webhooksHref} className="underline underline-offset-2">
                    View delivery
                  </Link>
                </>
              ) : (
                "✓ Rejected"
              )}
            </p>
          )}
        </div>
      </div>
      {rejecting && decidable && (
        <form
          className="mt-3 space-y-3 rounded-lg border border-red-200 bg-red-50/50 p-4"
          onSubmit={(e) => {
            e.preventDefault();
            onReject(reason.trim());
            setRejecting(false);
          }}
        >
          <Field label="Reason (optional, only admins see it)" htmlFor={reasonId}>
            <Textarea id={reasonId} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. scripted play confirmed" />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" size="sm">
              Reject claim
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
          <p className="text-xs text-slate-600">The player sees the reward as unavailable. It stops counting toward the campaign&apos;s limits.</p>
        </form>
      )}
      {decision?.state === "failed" && <ErrorAlert error={decision.error} showCode={false} className="mt-3" />}
    </li>
  );
}
