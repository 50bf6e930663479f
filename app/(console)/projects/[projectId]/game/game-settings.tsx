"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { EmptyState } from "@/app/_components/EmptyState";
import { RadioCards } from "@/app/_components/RadioCards";
import { Skeleton } from "@/app/_components/Spinner";
import { Switch } from "@/app/_components/Switch";
import { useTRPC } from "@/app/_lib/trpc";
import { useProject, useUpdateProject } from "../use-project";
import { BackgroundsCard } from "./backgrounds-card";
import { LevelGoals } from "./level-goals";
import { StreakGoals } from "./streak-goals";
import { TemplateList, type TTemplate } from "./template-list";

type TEntry = "lobby" | "wheel_only";

/** The legacy template whose textual goals a project can edit (projects.update legacy_goal_overrides). */
const STREAK_TEMPLATE = "streak_v1";

export function GameSettings() {
  const trpc = useTRPC();
  const { data: p } = useProject();
  const templates = useQuery(trpc.projects.templates.queryOptions());
  const game = useUpdateProject();
  const entry = useUpdateProject();
  const wheel = useUpdateProject();
  if (!p) return <Skeleton className="h-96 rounded-xl" />;

  const selected = p.play_mechanic ?? p.active_template_id;
  const pendingId = game.isPending ? (game.variables?.play_mechanic ?? game.variables?.active_template_id ?? "__clear") : null;
  const select = (t: TTemplate) => game.save(t.kind === "legacy_template" ? { active_template_id: t.id } : { play_mechanic: t.id }).catch(() => undefined);
  const entryValue = (entry.isPending ? entry.variables?.entry_mode : undefined) ?? (p.entry_mode as TEntry);
  const wheelValue = (wheel.isPending ? wheel.variables?.lobby_wheel_enabled : undefined) ?? p.lobby_wheel_enabled;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Game"
          description="The game players get in the widget. Changing it takes effect on the next widget load."
          actions={
            selected && (
              <Button variant="ghost" size="sm" loading={pendingId === "__clear"} disabled={pendingId !== null} onClick={() => game.save({ play_mechanic: null, active_template_id: null }).catch(() => undefined)}>
                Clear selection
              </Button>
            )
          }
        />
        {game.error && <ErrorAlert error={game.error} className="mx-5 mt-4 sm:mx-6" />}
        {templates.error && <ErrorAlert error={templates.error} className="mx-5 my-4 sm:mx-6" />}
        {templates.isPending ? (
          <CardBody className="space-y-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </CardBody>
        ) : templates.data?.templates.length === 0 ? (
          <CardBody>
            <EmptyState title="No games available yet" description="Games appear here once they are published for this deployment." />
          </CardBody>
        ) : (
          templates.data && <TemplateList templates={templates.data.templates} selected={selected} gameMode={p.game_mode} pendingId={pendingId} onSelect={select} />
        )}
      </Card>

      {selected === STREAK_TEMPLATE ? (
        <StreakGoals projectId={p.project_id} entryMode={p.entry_mode} key={`${selected}:${p.play_config_revision}`} />
      ) : (
        <LevelGoals projectId={p.project_id} mechanic={p.entry_mode === "wheel_only" ? null : p.play_mechanic} key={`${selected ?? "none"}:${p.play_config_revision}`} />
      )}

      <BackgroundsCard project={p} titles={Object.fromEntries((templates.data?.templates ?? []).map((t) => [t.id, t.player_title]))} />

      <Card>
        <CardHeader title="Entry" description="How players reach the game." />
        <CardBody className="space-y-4">
          <RadioCards
            name="entry_mode"
            value={entryValue}
            onChange={(v) => entry.save({ entry_mode: v }).catch(() => undefined)}
            options={[
              { value: "lobby", label: "Lobby", description: "Players land in a lobby and pick what to play.", disabled: entry.isPending },
              { value: "wheel_only", label: "Wheel only", description: "Players go straight to the prize wheel. Needs a published wheel.", disabled: entry.isPending },
            ]}
          />
          {entry.error && <ErrorAlert error={entry.error} />}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Wheels" description="Prize wheels are configured and published separately." />
        <CardBody className="space-y-4">
          <div className="flex flex-wrap gap-2 text-sm">
            <Badge tone={p.play_settings.site_wheel_ready ? "green" : "neutral"}>Site wheel: {p.play_settings.site_wheel_ready ? "ready" : "not published"}</Badge>
            <Badge tone={p.play_settings.daily_wheel_ready ? "green" : "neutral"}>Daily wheel: {p.play_settings.daily_wheel_ready ? "ready" : "not published"}</Badge>
          </div>
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
            <div>
              <label htmlFor="lobby-wheel" className="text-sm font-medium text-slate-900">
                Daily wheel in the lobby
              </label>
              <p className="mt-0.5 text-xs text-slate-500">Show the daily prize wheel next to the game. Needs a published daily wheel.</p>
            </div>
            <Switch id="lobby-wheel" label="Daily wheel in the lobby" checked={wheelValue} loading={wheel.isPending} onChange={(v) => wheel.save({ lobby_wheel_enabled: v }).catch(() => undefined)} />
          </div>
          {wheel.error && <ErrorAlert error={wheel.error} />}
        </CardBody>
      </Card>
    </div>
  );
}
