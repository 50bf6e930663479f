"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { exposureLabel, formatDateTime, gameModeLabel } from "../labels";
import { FIGURES } from "@/i18n/figures";
import { formatNumber } from "@/i18n/format";
import { OnboardingChecklist } from "../onboarding-checklist";
import { useGames } from "./_rewards/games";
import { useProject, useProjectId } from "./use-project";

export function ProjectOverview() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const { data: p } = useProject();
  // The same query, and so the same definition, as the Insights page's DAU.
  const insights = useQuery({ ...trpc.analytics.overview.queryOptions({ project_id: projectId }), staleTime: 0 });
  const { titleOf } = useGames();
  if (!p) return <Skeleton className="h-64 rounded-xl" />;

  const game = p.play_mechanic ?? p.active_template_id;
  const gameName = titleOf(game);

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Stat label={FIGURES.dau.label} hint={FIGURES.dau.hint} value={insights.data ? formatNumber(insights.data.dau) : "…"} testId="players-today" />
        <Stat label={FIGURES.active_players_24h.label} hint={FIGURES.active_players_24h.hint} value={formatNumber(p.play_settings.active_players_24h)} testId="active-players" />
        <Stat label="Game" value={gameName ?? "None yet"} testId="overview-game" words />
        <Stat label="Game mode" value={gameModeLabel(p.game_mode)} words />
        <Stat label="Shown to" value={exposureLabel(p.exposure_mode)} words />
      </dl>

      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader title="Play setup" description="What players get when the widget loads." />
          <CardBody className="divide-y divide-slate-100 py-0 sm:py-0">
            <Row label="Game">{game ? <Badge tone="green">{gameName}</Badge> : <Badge tone="amber">None selected</Badge>}</Row>
            <Row label="Entry">{p.entry_mode === "wheel_only" ? "Wheel only" : "Lobby"}</Row>
            <Row label="Lobby wheel">{p.lobby_wheel_enabled ? "On" : "Off"}</Row>
            <Row label="Site wheel">
              <Badge tone={p.play_settings.site_wheel_ready ? "green" : "neutral"}>{p.play_settings.site_wheel_ready ? "Ready" : "Not published"}</Badge>
            </Row>
            <Row label="Daily wheel">
              <Badge tone={p.play_settings.daily_wheel_ready ? "green" : "neutral"}>{p.play_settings.daily_wheel_ready ? "Ready" : "Not published"}</Badge>
            </Row>
            <Row label="Webhook">{p.webhook_url ? <span className="font-mono text-xs break-all">{p.webhook_url}</span> : <span className="text-slate-600">Not set</span>}</Row>
            <Row label="Last updated">{formatDateTime(p.updated_at)}</Row>
            <Row label="Play config revision">
              <span data-testid="config-revision">#{p.play_config_revision}</span>
            </Row>
          </CardBody>
        </Card>

        <div className="lg:col-span-2">
          <OnboardingChecklist projectId={projectId} layout="column" />
        </div>
      </div>
    </div>
  );
}

/** A headline figure; `words` for a name or setting rather than a number (smaller, never broken mid-word). */
function Stat({ label, hint, value, testId, words = false }: { label: string; hint?: string; value: string; testId?: string; words?: boolean }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={words ? "mt-2 text-lg font-semibold text-slate-900" : "mt-2 text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl"} data-testid={testId}>
        {value}
      </dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3 text-sm">
      <span className="text-slate-600">{label}</span>
      <span className="min-w-0 text-right text-slate-800">{children}</span>
    </div>
  );
}
