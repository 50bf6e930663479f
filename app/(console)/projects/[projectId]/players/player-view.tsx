"use client";

import Link from "next/link";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge, type TBadgeTone } from "@/app/_components/Badge";
import { ButtonLink } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { EmptyState } from "@/app/_components/EmptyState";
import { UserIcon } from "@/app/_components/Icons";
import { Skeleton } from "@/app/_components/Spinner";
import { errorCode } from "@/app/_lib/errors";
import { formatDateTime } from "../../labels";
import { useProjectId } from "../use-project";
import { EraseCard, ErasureSummary } from "./erase-card";
import { RunsCard } from "./runs-card";
import { usePlayerId, usePlayerQueries, type TErasure, type TProgress, type TSession } from "./use-player";

const FRAUD_TONES: Record<string, TBadgeTone> = { trusted: "green", watch: "amber", blocked: "red", none: "neutral" };

/** One player of the project: what they played, how far they got, and the erasure of it all. */
export function PlayerView() {
  const projectId = useProjectId();
  const player = usePlayerId();
  const q = usePlayerQueries(player);
  const [erased, setErased] = useState<TErasure | null>(null);
  const missing = errorCode(q.progress.error) === "not_found";

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-1">
        <Link href={`/projects/${projectId}/players`} className="text-sm text-slate-500 hover:text-slate-800">
          ← Players
        </Link>
        <h2 className="font-mono text-lg font-semibold break-all text-slate-900" data-testid="player-id">
          {player}
        </h2>
      </div>
      {erased && <ErasureSummary summary={erased} />}
      {missing ? (
        <EmptyState
          icon={<UserIcon />}
          title="No player found"
          description={erased ? "Their data was erased: nothing in this project names them any more." : "This project has no record of that ID: never seen, or erased."}
          action={<ButtonLink href={`/projects/${projectId}/players`} variant="secondary">Find another player</ButtonLink>}
        />
      ) : q.progress.error ? (
        <ErrorAlert error={q.progress.error} />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <ProgressCard progress={q.progress.data} className="lg:col-span-2" />
            <FraudCard status={q.fraud.data} error={q.fraud.error} />
          </div>
          <RunsCard runs={q.runs.data?.runs} error={q.runs.error} />
          <SessionsCard sessions={q.sessions.data?.sessions} error={q.sessions.error} />
          <EraseCard player={player} onErased={setErased} />
        </>
      )}
    </div>
  );
}

function ProgressCard({ progress, className }: { progress: TProgress | undefined; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader title="Progress" description="Per game: the level they play next, levels completed and best scores; and the daily streak." />
      <CardBody>
        {!progress ? (
          <Skeleton className="h-24" />
        ) : progress.templates.length === 0 ? (
          <p className="text-sm text-slate-500">No progress yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="player-progress">
            {progress.templates.map((t) => (
              <li key={t.template_id} className="rounded-lg border border-slate-200 p-4">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm font-medium text-slate-900">{t.name}</span>
                  {t.kind === "game" && (t.track_complete ? <Badge tone="green">Track complete</Badge> : <Badge tone="brand">Level {t.current_level}</Badge>)}
                </div>
                {t.kind === "game" ? (
                  <>
                    <p className="mt-2 text-sm text-slate-600">
                      {t.levels_completed} of {t.levels_total} levels · {t.runs_started} run{t.runs_started === 1 ? "" : "s"} started
                    </p>
                    {t.levels.length > 0 && (
                      <p className="mt-1 text-xs text-slate-500">Best: {t.levels.map((l) => `L${l.level_number} ${l.best_score.toLocaleString()}`).join(" · ")}</p>
                    )}
                  </>
                ) : (
                  t.streak && (
                    <p className="mt-2 text-sm text-slate-600">
                      Streak {t.streak.current_streak} (best {t.streak.best_streak}) · {t.streak.days_played} day{t.streak.days_played === 1 ? "" : "s"} played
                    </p>
                  )
                )}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function FraudCard({ status, error }: { status: { state: string; reason: string | null; expires_at: string | null; unresolved_flags: number } | undefined; error: unknown }) {
  const projectId = useProjectId();
  return (
    <Card>
      <CardHeader title="Fraud status" />
      <CardBody className="space-y-3">
        {error ? <ErrorAlert error={error} showCode={false} /> : !status ? <Skeleton className="h-16" /> : (
          <>
            <div className="flex flex-wrap items-center gap-2" data-testid="player-fraud">
              <Badge tone={FRAUD_TONES[status.state] ?? "neutral"}>{status.state === "none" ? "No manual status" : status.state}</Badge>
              {status.unresolved_flags > 0 && <Badge tone="amber">{status.unresolved_flags} open flag{status.unresolved_flags === 1 ? "" : "s"}</Badge>}
            </div>
            {status.state === "blocked" && (
              <p className="text-sm text-red-700" data-testid="player-blocked">
                Play is refused: starting runs, moves, spins, purchases and events answer <code>fraud_blocked</code>, and every claim is rejected
                {status.expires_at ? ` until ${formatDateTime(status.expires_at)}` : ""}.
              </p>
            )}
            {status.reason && <p className="text-sm text-slate-600">“{status.reason}”</p>}
            {status.expires_at && status.state !== "blocked" && <p className="text-xs text-slate-500">Until {formatDateTime(status.expires_at)}</p>}
            <Link href={`/projects/${projectId}/fraud`} className="text-sm font-medium text-brand-600 hover:text-brand-700">
              Change on the Fraud page →
            </Link>
          </>
        )}
      </CardBody>
    </Card>
  );
}

function SessionsCard({ sessions, error }: { sessions: TSession[] | undefined; error: unknown }) {
  return (
    <Card>
      <CardHeader title="Sessions" description="A session is everything recorded under one player session token: its events and the runs played with it. Latest 50." />
      <div>
        {error ? <ErrorAlert error={error} showCode={false} className="m-5" /> : !sessions ? <Skeleton className="m-5 h-16" /> : sessions.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500 sm:px-6">No sessions recorded.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="player-sessions">
            {sessions.map((s) => (
              <li key={s.session_id} className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">{formatDateTime(s.started_at)}</p>
                  <p className="truncate text-xs text-slate-500">{s.event_types.join(", ")}</p>
                </div>
                <div className="flex shrink-0 gap-2 text-xs text-slate-600">
                  <Badge>{s.events} event{s.events === 1 ? "" : "s"}</Badge>
                  <Badge>{s.runs} run{s.runs === 1 ? "" : "s"}</Badge>
                  <Badge>{formatDuration(s.duration_seconds)}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}
