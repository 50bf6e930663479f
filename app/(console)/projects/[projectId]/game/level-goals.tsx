"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { EmptyState } from "@/app/_components/EmptyState";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { cachedTrackFits } from "./level-goals-cache";

/** The published level track of the selected game (or the legacy template's textual goals). */
export function LevelGoals({ projectId, mechanic }: { projectId: string; mechanic: string | null }) {
  const trpc = useTRPC();
  // Remounted (by key) whenever the game or revision changes; always read the track afresh then.
  const goals = useQuery({ ...trpc.projects.levelGoals.queryOptions({ project_id: projectId }), staleTime: 0, refetchOnMount: "always" });
  const data = goals.data;
  return (
    <Card>
      <CardHeader
        title="Level goals"
        description="What players must do on each published level. Runs keep the level version they started with."
        actions={data?.mechanic ? <Badge tone="neutral">Track v{data.track_version} · {data.levels.length} levels</Badge> : undefined}
      />
      {goals.error && <ErrorAlert error={goals.error} className="mx-5 my-4 sm:mx-6" />}
      {/* a cached answer may be the previous game's goals: it shows only when it is this game's track
          (refreshed in place, so nothing below jumps under the pointer); otherwise this mount's own fetch */}
      {goals.isPending || (!goals.isFetchedAfterMount && !cachedTrackFits(data, mechanic)) ? (
        <CardBody className="space-y-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </CardBody>
      ) : data && data.levels.length > 0 ? (
        <div className="max-h-[28rem] overflow-y-auto">
          <table className="w-full text-left text-sm" data-testid="level-goals">
            <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-5 py-2 font-medium sm:px-6">Level</th>
                <th className="px-3 py-2 font-medium">Goals</th>
                <th className="px-3 py-2 font-medium">Limits</th>
                <th className="hidden px-3 py-2 font-medium md:table-cell">Version</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.levels.map((l) => (
                <tr key={`${l.level_id}@${l.level_version}`} className="align-top">
                  <td className="px-5 py-2.5 font-semibold text-slate-900 sm:px-6">{l.number}</td>
                  <td className="px-3 py-2.5 text-slate-700">{l.goals.join(" · ")}</td>
                  <td className="px-3 py-2.5 text-slate-600">{l.constraints.join(" · ")}</td>
                  <td className="hidden px-3 py-2.5 font-mono text-xs text-slate-500 md:table-cell">
                    {l.level_id} v{l.level_version}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : data && data.legacy_goals.length > 0 ? (
        <CardBody>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {data.legacy_goals.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </CardBody>
      ) : (
        <CardBody>
          <EmptyState title="No levels" description="Select a game above to see its level track." />
        </CardBody>
      )}
    </Card>
  );
}
