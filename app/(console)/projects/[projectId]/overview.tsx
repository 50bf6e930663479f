"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CheckIcon } from "@/app/_components/Icons";
import { Skeleton } from "@/app/_components/Spinner";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";
import { exposureLabel, formatDateTime, gameModeLabel } from "../labels";
import { useGames } from "./_rewards/games";
import { useProject, useProjectId } from "./use-project";

export function ProjectOverview() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const { data: p } = useProject();
  const keys = useQuery(trpc.projects.apiKeys.queryOptions({ project_id: projectId }));
  const { titleOf } = useGames();
  if (!p) return <Skeleton className="h-64 rounded-xl" />;

  const base = `/projects/${projectId}`;
  const game = p.play_mechanic ?? p.active_template_id;
  const gameName = titleOf(game);
  const activeKeys = keys.data?.api_keys.filter((k) => !k.revoked_at).length ?? 0;
  const checklist = [
    { done: !!game, label: "Pick a game", href: `${base}/game` },
    { done: p.allowed_origins.length > 0, label: "Add your site's origin", href: `${base}/settings` },
    { done: activeKeys > 0, label: "Create an API key for your server", href: `${base}/keys` },
    { done: p.play_settings.active_players_24h > 0, label: "Paste the embed snippet", href: `${base}/embed` },
  ];

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Active players (24 h)" value={p.play_settings.active_players_24h.toLocaleString()} testId="active-players" />
        <Stat label="Game" value={gameName ?? "None yet"} testId="overview-game" />
        <Stat label="Game mode" value={gameModeLabel(p.game_mode)} />
        <Stat label="Shown to" value={exposureLabel(p.exposure_mode)} />
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

        <Card className="lg:col-span-2">
          <CardHeader title="Get started" description="Four steps to a live widget." />
          <CardBody>
            <ol className="space-y-2">
              {checklist.map((item) => (
                <li key={item.label}>
                  <Link href={item.href} className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm transition hover:bg-slate-50">
                    <span
                      className={cx(
                        "grid size-6 shrink-0 place-items-center rounded-full ring-1",
                        item.done ? "bg-emerald-500 text-white ring-emerald-500" : "bg-white text-transparent ring-slate-300",
                      )}
                    >
                      <CheckIcon className="size-3.5" />
                    </span>
                    <span className={cx("flex-1", item.done ? "text-slate-600 line-through" : "text-slate-800")}>{item.label}</span>
                    <span className="sr-only">{item.done ? "(done)" : "(to do)"}</span>
                    <span className="text-slate-500" aria-hidden="true">→</span>
                  </Link>
                </li>
              ))}
            </ol>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-2 text-xl font-semibold break-words text-slate-900 sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
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
