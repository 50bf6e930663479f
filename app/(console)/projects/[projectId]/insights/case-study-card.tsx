"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CopyButton } from "@/app/_components/CopyButton";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";

/** The last 30 days as a paragraph to paste into a report (analytics/case). */
export function CaseStudyCard() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const story = useQuery({ ...trpc.analytics.caseStudy.queryOptions({ project_id: projectId }), staleTime: 0 });
  const c = story.data;
  return (
    <Card>
      <CardHeader title="Case study" description="The last 30 days, ready for a report" actions={c ? <CopyButton text={c.summary} label="Copy case study" data-testid="case-copy" /> : null} />
      <CardBody>
        {story.error ? (
          <ErrorAlert error={story.error} showCode={false} />
        ) : !c ? (
          <Skeleton className="h-32 rounded-lg" />
        ) : (
          <div className="space-y-4">
            <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-700" data-testid="case-summary">
              {c.summary}
            </p>
            <dl className="grid grid-cols-2 gap-3 text-xs text-slate-500 sm:grid-cols-4">
              {[
                ["Players", c.players],
                ["Returning", c.returning_players],
                ["Rewards", c.rewards_granted],
                ["Webhooks delivered", c.webhooks_delivered],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd className="text-base font-semibold text-slate-900 tabular-nums">{Number(value).toLocaleString("en-US")}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
