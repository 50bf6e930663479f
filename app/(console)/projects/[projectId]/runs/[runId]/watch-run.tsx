"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody } from "@/app/_components/Card";
import { PageHeader } from "@/app/_components/PageHeader";
import { Skeleton } from "@/app/_components/Spinner";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";
import { GAME_METAS } from "@/games/metas";
import { useProjectId } from "../../use-project";
import { ReplayBoard, type TReplayBoard } from "./replay-board";
import { ReviewPanel } from "./review-panel";
import { formatMs, frameLine } from "./words";

const SPEEDS = [1, 2, 4, 8] as const;

/**
 * Watch the run: the board replayed move by move with the game's own renderer, the moves as a
 * timeline with their timing (the gaps between moves are the plainest human-or-script signal),
 * and beside it the facts the fraud gate used and the decision on the run's claims.
 */
export function WatchRun() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const { runId } = useParams<{ runId: string }>();
  const q = useQuery(trpc.players.runReplay.queryOptions({ project_id: projectId, run_id: runId }, { staleTime: Infinity }));
  const board = useRef<TReplayBoard>(null);
  const [ready, setReady] = useState(false);
  const [shown, setShown] = useState(0);
  const [playing, setPlaying] = useState(false);
  /** The board is still animating a move: playing waits for it, so the board and the count never drift apart. */
  const [animating, setAnimating] = useState(false);
  const inFlight = useRef(0);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(2);
  const frames = q.data?.frames ?? [];
  const onReady = useCallback(() => setReady(true), []);

  const go = useCallback(async (count: number, animate: boolean) => {
    const target = Math.max(0, Math.min(frames.length, count));
    setShown(target);
    setAnimating(++inFlight.current > 0);
    try {
      await board.current?.show(target, animate);
    } finally {
      setAnimating(--inFlight.current > 0);
    }
  }, [frames.length]);

  // Playing: each move after its real gap divided by the speed (at most 2 s, so a long pause does
  // not stall the review), its answer animated as the player saw it.
  useEffect(() => {
    if (!playing || !ready || animating) return;
    if (shown >= frames.length) {
      setPlaying(false);
      return;
    }
    const wait = Math.min(2000, frames[shown]!.interval_ms / speed);
    const t = setTimeout(() => {
      // The last move ends the playing as it starts, not when its animation does.
      if (shown + 1 >= frames.length) setPlaying(false);
      void go(shown + 1, true);
    }, wait);
    return () => clearTimeout(t);
  }, [playing, ready, animating, shown, frames, speed, go]);

  if (q.error) return <ErrorAlert error={q.error} showCode={false} />;
  if (!q.data) return <Skeleton className="h-96" />;
  const d = q.data;
  const game = GAME_METAS.find((m) => m.id === d.run.mechanic)?.name ?? String(d.run.mechanic);
  const level = (d.run.level as { number?: number } | undefined)?.number;
  const current = shown > 0 ? frames[shown - 1]! : null;
  const view = (current ? current.response.view : d.run.view) as { score?: number; moves_left?: number; goals?: Array<{ type: string; target: number; progress?: number }> };

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={<Link href={`/projects/${projectId}/players/${encodeURIComponent(d.external_user_id)}`} className="font-mono hover:underline">{d.external_user_id}</Link>}
        title={`Watch the run · ${game}${level ? `, level ${level}` : ""}`}
        description={`${d.frames.length} moves in ${formatMs(d.timing.duration_ms)} · ended ${d.outcome.status === "won" ? "in a win" : d.outcome.status === "lost" ? "in a loss" : d.outcome.status === "active" ? "— still being played" : `as ${d.outcome.status}`}, ${d.outcome.score.toLocaleString()} points`}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="min-w-0">
          <CardBody className="space-y-4">
            <ReplayBoard ref={board} run={d.run} frames={d.frames} onReady={onReady} />
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="replay-status" aria-live="polite">
              <span className="font-medium text-slate-900">{shown === 0 ? "The board as it was dealt" : `Move ${shown} of ${frames.length}`}</span>
              <span className="flex flex-wrap gap-3 text-slate-600 tabular-nums">
                {typeof view.score === "number" && <span>Score {view.score.toLocaleString()}</span>}
                {typeof view.moves_left === "number" && <span>{view.moves_left} moves left</span>}
                {view.goals?.map((g, i) => <span key={i}>{`Goal (${g.type.replace(/_/g, " ")}) ${(g.progress ?? 0).toLocaleString()} of ${g.target.toLocaleString()}`}</span>)}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Replay controls">
              <Button variant="secondary" size="sm" onClick={() => void go(0, false)} disabled={!ready || shown === 0} aria-label="To the start">Start</Button>
              <Button variant="secondary" size="sm" onClick={() => { setPlaying(false); void go(shown - 1, false); }} disabled={!ready || shown === 0} aria-label="Step back">◀ Back</Button>
              <Button size="sm" onClick={() => setPlaying((p) => !p)} disabled={!ready || (shown >= frames.length && !playing)} data-testid="replay-play">
                {playing ? "⏸ Pause" : "▶ Play"}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => { setPlaying(false); void go(shown + 1, true); }} disabled={!ready || shown >= frames.length} aria-label="Step forward">Forward ▶</Button>
              <Button variant="secondary" size="sm" onClick={() => { setPlaying(false); void go(frames.length, false); }} disabled={!ready || shown >= frames.length} aria-label="To the end">End</Button>
              <span className="ml-auto flex items-center gap-1 text-xs text-slate-500" role="group" aria-label="Speed">
                {SPEEDS.map((s) => (
                  <button key={s} type="button" aria-pressed={speed === s} onClick={() => setSpeed(s)} className={cx("rounded-md px-2 py-1 font-medium", speed === s ? "bg-brand-50 text-brand-700" : "hover:bg-slate-100")}>
                    {s}×
                  </button>
                ))}
              </span>
            </div>
            <Timeline frames={frames} shown={shown} onPick={(n) => { setPlaying(false); void go(n, n === shown + 1); }} />
          </CardBody>
        </Card>
        <ReviewPanel projectId={projectId} runId={runId} replay={d} />
      </div>
    </div>
  );
}

type TFrame = { sequence: number; action: string; payload: Record<string, unknown>; accepted: boolean; rejection_code: string | null; interval_ms: number; offset_ms: number };

/** Every move with the time since the one before; the gaps drawn as bars (the tallest is the longest pause). */
function Timeline({ frames, shown, onPick }: { frames: TFrame[]; shown: number; onPick: (count: number) => void }) {
  const longest = Math.max(1, ...frames.map((f) => f.interval_ms));
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-count="${shown}"]`)?.scrollIntoView({ block: "nearest" });
  }, [shown]);
  return (
    <div className="space-y-2">
      <div className="flex h-12 items-end gap-px" aria-hidden="true">
        {frames.map((f, i) => (
          <span key={f.sequence} className={cx("min-w-px flex-1 rounded-t-sm", !f.accepted ? "bg-red-400" : i < shown ? "bg-brand-500" : "bg-slate-300")} style={{ height: `${Math.max(6, (f.interval_ms / longest) * 100)}%` }} />
        ))}
      </div>
      <ol ref={list} className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm" aria-label="Moves" data-testid="replay-moves">
        {frames.map((f, i) => (
          <li key={f.sequence} data-count={i + 1}>
            <button type="button" onClick={() => onPick(i + 1)} aria-current={shown === i + 1 ? "step" : undefined}
              className={cx("flex w-full items-center gap-3 px-3 py-1.5 text-left hover:bg-slate-50", shown === i + 1 && "bg-brand-50")}>
              <span className="w-8 shrink-0 font-mono text-xs text-slate-400">#{f.sequence}</span>
              <span className="min-w-0 flex-1 truncate">{frameLine(f)}</span>
              {f.action === "booster" && <Badge tone="brand">booster</Badge>}
              {!f.accepted && <Badge tone="red">refused</Badge>}
              <span className="shrink-0 text-xs text-slate-500 tabular-nums">+{formatMs(f.interval_ms)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
