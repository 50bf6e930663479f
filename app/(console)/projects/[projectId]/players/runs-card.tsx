"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge, type TBadgeTone } from "@/app/_components/Badge";
import { Card, CardHeader } from "@/app/_components/Card";
import { Skeleton } from "@/app/_components/Spinner";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDateTime } from "../../labels";
import { useProjectId } from "../use-project";
import type { TRun } from "./use-player";

const STATUS_TONES: Record<string, TBadgeTone> = { won: "green", lost: "red", active: "brand", abandoned: "neutral", expired: "neutral" };

/** The player's runs; picking one replays its commands as a timeline. */
export function RunsCard({ runs, error }: { runs: TRun[] | undefined; error: unknown }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader title="Runs" description="Latest 50. Open a run to replay its moves in order." />
      <div>
        {error ? <ErrorAlert error={error} showCode={false} className="m-5" /> : !runs ? <Skeleton className="m-5 h-16" /> : runs.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500 sm:px-6">No runs yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="player-runs">
            {runs.map((r) => (
              <li key={r.run_id}>
                <button
                  type="button"
                  className={cx("flex w-full flex-col gap-1 px-5 py-3 text-left hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:px-6", open === r.run_id && "bg-slate-50")}
                  aria-expanded={open === r.run_id}
                  onClick={() => setOpen(open === r.run_id ? null : r.run_id)}
                  data-testid="run-row"
                >
                  <span className="min-w-0">
                    <span className="text-sm font-medium text-slate-900">
                      {r.game} · level {r.level_number}
                      {r.is_replay && " (replay)"}
                    </span>
                    <span className="block truncate font-mono text-xs text-slate-400">{r.run_id}</span>
                  </span>
                  <span className="flex shrink-0 flex-wrap items-center gap-2 text-xs text-slate-600">
                    <Badge tone={STATUS_TONES[r.status] ?? "neutral"}>{r.status}</Badge>
                    <span className="tabular-nums">{r.score.toLocaleString()} pts</span>
                    <span className="tabular-nums">{r.moves} moves</span>
                    <span>{formatDateTime(r.started_at)}</span>
                  </span>
                </button>
                {open === r.run_id && <CommandTimeline runId={r.run_id} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function CommandTimeline({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const q = useQuery(trpc.players.runCommands.queryOptions({ project_id: projectId, run_id: runId }));
  if (q.error) return <ErrorAlert error={q.error} showCode={false} className="mx-5 mb-4" />;
  if (!q.data) return <Skeleton className="mx-5 mb-4 h-24" />;
  if (q.data.commands.length === 0) return <p className="px-5 pb-4 text-sm text-slate-500 sm:px-6">No moves.</p>;
  return (
    <>
    <Link href={`/projects/${projectId}/runs/${runId}`} className="mx-5 mb-3 inline-flex text-sm font-medium text-brand-700 hover:underline sm:mx-6">▶ Watch the run on its board</Link>
    <ol className="relative mx-5 mb-5 ml-8 border-l border-slate-200 sm:mx-6 sm:ml-10" aria-label="Commands" data-testid="run-commands">
      {q.data.commands.map((c) => (
        <li key={c.sequence} className="relative pb-3 pl-5 last:pb-0">
          <span
            className={cx("absolute top-1.5 -left-[5px] size-2.5 rounded-full ring-2 ring-white", !c.accepted ? "bg-red-500" : c.result.status && c.result.status !== "active" ? "bg-emerald-500" : "bg-brand-500")}
            aria-hidden="true"
          />
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
            <span className="font-mono text-xs text-slate-400">#{c.sequence}</span>
            <span className="font-medium text-slate-900">{c.type}</span>
            <span className="truncate font-mono text-xs text-slate-500">{JSON.stringify(c.payload)}</span>
            {c.accepted ? null : <Badge tone="red">refused{c.rejection_code ? `: ${c.rejection_code}` : ""}</Badge>}
            {c.result.status && c.result.status !== "active" && <Badge tone={STATUS_TONES[c.result.status] ?? "neutral"}>{c.result.status}</Badge>}
          </div>
          <p className="text-xs text-slate-500">
            {new Date(c.created_at).toLocaleTimeString()}
            {c.result.facts.length > 0 && ` · ${summariseFacts(c.result.facts)}`}
          </p>
        </li>
      ))}
    </ol>
    </>
  );
}

/** "tiles_matched, colour_collected ×3, cascade": each fact once, in order, with its count. */
function summariseFacts(facts: string[]): string {
  const counts = new Map<string, number>();
  for (const f of facts) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].map(([f, n]) => (n > 1 ? `${f} ×${n}` : f)).join(", ");
}
