"use client";

import Link from "next/link";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { ButtonLink } from "@/app/_components/Button";
import { CopyButton } from "@/app/_components/CopyButton";
import { EmptyState } from "@/app/_components/EmptyState";
import { FolderIcon } from "@/app/_components/Icons";
import { Skeleton } from "@/app/_components/Spinner";
import { errorCode } from "@/app/_lib/errors";
import { gameModeLabel } from "../labels";
import { ProjectNav } from "./project-nav";
import { useProject, useProjectId } from "./use-project";

/** Project header and its sections (a grouped sidebar on wide screens, tabs on narrow ones) around every project page. */
export function ProjectFrame({ children }: { children: React.ReactNode }) {
  const projectId = useProjectId();
  const project = useProject();
  const base = `/projects/${projectId}`;

  if (errorCode(project.error) === "not_found" || errorCode(project.error) === "validation_error") {
    return (
      <EmptyState
        icon={<FolderIcon />}
        title="Project not found"
        description="It may have been deleted, or it belongs to another account."
        action={<ButtonLink href="/projects">Back to projects</ButtonLink>}
      />
    );
  }

  const p = project.data;
  return (
    <div className="space-y-6">
      <div>
        <Link href="/projects" className="text-sm text-slate-500 hover:text-slate-800">
          ← Projects
        </Link>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {p ? (
            <div className="flex min-w-0 items-center gap-3">
              <span className="size-10 shrink-0 rounded-xl shadow-inner ring-1 ring-black/5" style={{ backgroundColor: p.primary_color }} aria-hidden="true" />
              <div className="min-w-0">
                <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900" data-testid="project-name">
                  {p.name}
                </h1>
                <div className="mt-0.5 flex flex-wrap items-center gap-2">
                  <span className="truncate font-mono text-xs text-slate-500">{p.project_id}</span>
                  <Badge tone={p.game_mode === "rewards" ? "brand" : "neutral"}>{gameModeLabel(p.game_mode)}</Badge>
                </div>
              </div>
            </div>
          ) : (
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-xl" />
              <div className="space-y-2">
                <Skeleton className="h-6 w-48" />
                <Skeleton className="h-3 w-64" />
              </div>
            </div>
          )}
          {p && <CopyButton text={p.project_id} label="Copy project ID" />}
        </div>
      </div>
      <div className="lg:grid lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-8">
        <ProjectNav base={base} />
        <div className="mt-6 min-w-0 lg:mt-0">{project.error ? <ErrorAlert error={project.error} /> : children}</div>
      </div>
    </div>
  );
}
