"use client";

import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { formatAgo } from "../_rewards/format";
import { flagDetails, flagKind, RESOLUTIONS } from "../_rewards/labels";
import type { TFlag, TFlagResolution } from "../_rewards/types";

type TProps = { flag: TFlag; now: number; pending: TFlagResolution | null; onResolve: (r: TFlagResolution) => void; onPlayer?: (id: string) => void };

export function FlagItem({ flag: f, now, pending, onResolve, onPlayer }: TProps) {
  const res = f.resolution ? RESOLUTIONS[f.resolution] : null;
  const info = flagDetails(f.details);
  return (
    // Stacked: the list sits in a half-width column on desktop, where buttons beside the text would squeeze it.
    <li className="space-y-2 px-5 py-3 sm:px-6" data-testid="fraud-flag">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-900">{flagKind(f.kind)}</span>
          {res ? <Badge tone={res.tone}>{res.label}</Badge> : <Badge tone="amber">Open</Badge>}
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {onPlayer ? (
            <button type="button" className="font-mono text-brand-700 hover:underline" onClick={() => onPlayer(f.external_user_id)} aria-label={`Look up player ${f.external_user_id}`}>
              {f.external_user_id}
            </button>
          ) : (
            <span className="font-mono">{f.external_user_id}</span>
          )}
          {" · "}
          {formatAgo(f.created_at, now)}
          {info && ` · ${info}`}
        </p>
      </div>
      {!f.resolution && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Resolve flag">
          <Button variant="secondary" size="sm" className="text-red-600 hover:text-red-700" loading={pending === "confirmed_fraud"} disabled={!!pending} onClick={() => onResolve("confirmed_fraud")}>
            Confirmed fraud
          </Button>
          <Button variant="secondary" size="sm" loading={pending === "false_positive"} disabled={!!pending} onClick={() => onResolve("false_positive")}>
            False positive
          </Button>
          <Button variant="ghost" size="sm" loading={pending === "ignored"} disabled={!!pending} onClick={() => onResolve("ignored")}>
            Ignore
          </Button>
        </div>
      )}
    </li>
  );
}
