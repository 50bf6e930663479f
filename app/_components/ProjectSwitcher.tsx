"use client";

import { useQuery } from "@tanstack/react-query";
import { useParams, usePathname, useRouter } from "next/navigation";
import { useTRPC } from "@/app/_lib/trpc";
import { ChevronDownIcon, FolderIcon } from "./Icons";

/** Jumps between projects; shows the one in the URL. */
export function ProjectSwitcher() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useParams<{ projectId?: string }>();
  const { data } = useQuery(trpc.projects.list.queryOptions());
  const projects = data?.projects ?? [];
  const current = params.projectId ?? "";

  return (
    <label className="relative flex min-w-0 items-center">
      <span className="sr-only">Switch project</span>
      <FolderIcon className="pointer-events-none absolute left-2.5 size-4 text-slate-400" />
      <select
        value={current}
        onChange={(e) => {
          const v = e.target.value;
          // On /projects itself, a hash change opens the create form in place.
          if (v === "__new" && pathname === "/projects") window.location.hash = "new";
          else router.push(v === "" ? "/projects" : v === "__new" ? "/projects#new" : `/projects/${v}`);
        }}
        className="h-9 w-full max-w-56 min-w-0 appearance-none truncate rounded-lg border border-slate-200 bg-white pr-8 pl-8 text-sm font-medium text-slate-700 shadow-sm hover:border-slate-300 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
        data-testid="project-switcher"
      >
        <option value="">All projects</option>
        {projects.map((p) => (
          <option key={p.project_id} value={p.project_id}>
            {p.name}
          </option>
        ))}
        <option value="__new">+ New project</option>
      </select>
      <ChevronDownIcon className="pointer-events-none absolute right-2.5 size-4 text-slate-400" />
    </label>
  );
}
