"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { TICKETS } from "./labels";
import type { TWheelDraft, TWheelId } from "./types";

export function useWheelDraft(wheelId: TWheelId) {
  const trpc = useTRPC();
  const projectId = useProjectId();
  return useQuery(trpc.wheelAdmin.draft.queryOptions({ project_id: projectId, wheel_id: wheelId }));
}

/** Players spin while the page is open: always read afresh. */
export function useWheelStats(wheelId: TWheelId) {
  const trpc = useTRPC();
  const projectId = useProjectId();
  return useQuery({ ...trpc.wheelAdmin.stats.queryOptions({ project_id: projectId, wheel_id: wheelId }), staleTime: 0 });
}

export type TResource = { id: string; name: string };

/**
 * The project's economy resources, for the award pickers (from the economy settings). While they
 * load, the resources the draft already names stand in; the server checks every award against the
 * economy anyway and names the field.
 */
export function useEconomyResources(draft: TWheelDraft | undefined): TResource[] {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const economy = useQuery(trpc.economyAdmin.settings.queryOptions({ project_id: projectId }));
  if (economy.data) return economy.data.economy_config.resources.map((r) => ({ id: r.id, name: r.name }));
  const named = new Set<string>([TICKETS]);
  for (const s of draft?.segments ?? []) if (s.award.type === "resource") named.add(s.award.resource_id);
  for (const id of Object.keys(draft?.resource_costs_minor ?? {})) named.add(id);
  return [...named].map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1).replaceAll("_", " ") }));
}
