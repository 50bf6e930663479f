"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { EmptyState } from "@/app/_components/EmptyState";
import { ArrowRightIcon, FolderIcon, PlusIcon } from "@/app/_components/Icons";
import { PageHeader } from "@/app/_components/PageHeader";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDay } from "@/i18n/format";
import { useGames } from "./[projectId]/_rewards/games";
import { CreateProjectForm } from "./create-project-form";
import { gameModeLabel } from "./labels";
import { OnboardingChecklist } from "./onboarding-checklist";

export function ProjectsView() {
  const trpc = useTRPC();
  const list = useQuery(trpc.projects.list.queryOptions());
  const { titleOf } = useGames();
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    const sync = () => window.location.hash === "#new" && setCreating(true);
    sync();
    window.addEventListener("hashchange", sync);
    return () => window.removeEventListener("hashchange", sync);
  }, []);

  const projects = list.data?.projects ?? [];
  const empty = list.isSuccess && projects.length === 0;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Projects"
        description="Each project is one site or app that embeds Playloop."
        actions={
          !empty &&
          !creating && (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon className="size-4" /> New project
            </Button>
          )
        }
      />

      {list.error && <ErrorAlert error={list.error} />}
      {list.isSuccess && <OnboardingChecklist projectId={projects[0]?.project_id} />}

      {creating && !empty && (
        <Card className="max-w-2xl">
          <CardHeader title="New project" description="One project per site or app." />
          <CardBody>
            <CreateProjectForm onCancel={() => setCreating(false)} />
          </CardBody>
        </Card>
      )}

      {list.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 rounded-xl" />
          ))}
        </div>
      )}

      {empty && (
        <>
          <EmptyState
            icon={<FolderIcon />}
            title="Create your first project"
            description="A project holds the game settings, API keys and embed snippet for one site. Start with a name; allowed origins can wait."
            action={
              <div className="w-full max-w-md text-left sm:w-md">
                <CreateProjectForm />
              </div>
            }
          />
        </>
      )}

      {projects.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="project-list">
          {projects.map((p) => (
            <li key={p.project_id} className="min-w-0">
              <Link
                href={`/projects/${p.project_id}`}
                className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md"
              >
                <div className="flex items-start gap-3">
                  <span className="mt-0.5 size-9 shrink-0 rounded-lg ring-1 ring-black/5" style={{ backgroundColor: p.primary_color }} aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate font-semibold text-slate-900">{p.name}</h2>
                    <p className="truncate font-mono text-xs text-slate-500">{p.project_id}</p>
                  </div>
                  <ArrowRightIcon className="size-4 text-slate-300 transition group-hover:translate-x-0.5 group-hover:text-brand-600" />
                </div>
                <div className="mt-4 flex flex-wrap gap-1.5">
                  <Badge tone={p.game_mode === "rewards" ? "brand" : "neutral"}>{gameModeLabel(p.game_mode)}</Badge>
                  <Badge tone={p.play_mechanic || p.active_template_id ? "green" : "amber"}>{titleOf(p.play_mechanic ?? p.active_template_id) ?? "No game selected"}</Badge>
                  {p.exposure_mode === "off" && <Badge tone="red">Hidden</Badge>}
                </div>
                <p className="mt-auto pt-4 text-xs text-slate-500">
                  {p.allowed_origins.length === 0 ? "No allowed origins" : `${p.allowed_origins.length} allowed origin${p.allowed_origins.length === 1 ? "" : "s"}`} · created{" "}
                  {formatDay(p.created_at)}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
