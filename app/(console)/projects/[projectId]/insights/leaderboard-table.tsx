"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { formatNumber } from "@/i18n/format";

/** Best scores overall or on one level (leaderboard); anonymous players only as a hash. */
export function LeaderboardTable() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const board = useQuery({ ...trpc.analytics.leaderboard.queryOptions({ project_id: projectId }), staleTime: 0 });
  const [level, setLevel] = useState<number | "overall">("overall");
  const b = board.data;
  const rows = !b
    ? []
    : level === "overall"
      ? b.overall.map((e) => ({ rank: e.rank, player: e.player, verified: e.verified, score: e.total_score }))
      : (b.levels.find((l) => l.level_number === level)?.entries ?? []).map((e) => ({ rank: e.rank, player: e.player, verified: e.verified, score: e.best_score }));
  return (
    <Card>
      <CardHeader
        title="Leaderboard"
        description="Best scores; anonymous players are shown as a short hash"
        actions={
          b && b.levels.length > 0 ? (
            <select
              aria-label="Leaderboard level"
              value={String(level)}
              onChange={(e) => setLevel(e.target.value === "overall" ? "overall" : Number(e.target.value))}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700"
            >
              <option value="overall">Overall</option>
              {b.levels.map((l) => (
                <option key={l.level_number} value={l.level_number}>
                  Level {l.level_number}
                </option>
              ))}
            </select>
          ) : null
        }
      />
      <CardBody className="p-0 sm:p-0">
        {board.error ? (
          <ErrorAlert error={board.error} showCode={false} className="m-5" />
        ) : !b ? (
          <Skeleton className="m-5 h-32 rounded-lg" />
        ) : rows.length === 0 ? (
          <p className="px-6 py-8 text-center text-sm text-slate-500" data-testid="leaderboard-empty">
            No scores yet{b.mechanic ? "" : " — choose a game for this project first"}.
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="leaderboard">
            <thead>
              <tr className="border-b border-slate-100 text-left text-xs text-slate-500">
                <th className="w-10 px-5 py-2 font-medium sm:px-6">#</th>
                <th className="py-2 font-medium">Player</th>
                <th className="px-5 py-2 text-right font-medium sm:px-6">{level === "overall" ? "Total" : "Best"}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.player} className="border-b border-slate-50 last:border-0">
                  <td className="px-5 py-2 text-slate-500 tabular-nums sm:px-6">{r.rank}</td>
                  <td className="w-full py-2">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-mono text-xs break-all text-slate-800">{r.player}</span>
                      {r.verified && <Badge tone="green">verified</Badge>}
                    </span>
                  </td>
                  <td className="px-5 py-2 text-right font-semibold text-slate-900 tabular-nums sm:px-6">{formatNumber(r.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardBody>
    </Card>
  );
}
