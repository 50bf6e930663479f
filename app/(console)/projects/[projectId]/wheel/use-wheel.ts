"use client";

import { useQuery } from "@tanstack/react-query";
import { getUntypedClient } from "@trpc/client";
import { useTRPC, useTRPCClient } from "@/app/_lib/trpc";
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
 * The project's economy resources, for the award pickers. They come from the economy settings
 * (`economyAdmin.settings`), which this branch's console router predates: the call goes through
 * the untyped client and its answer is checked here. Where that route is missing or fails, the
 * resources the draft already names stand in (the server still checks each award against the
 * economy and names the field). Once the economy routes share the router, this becomes
 * `trpc.economyAdmin.settings.queryOptions`.
 */
export function useEconomyResources(draft: TWheelDraft | undefined): TResource[] {
  const client = useTRPCClient();
  const projectId = useProjectId();
  const economy = useQuery({
    queryKey: ["economyAdmin.settings", { project_id: projectId }],
    queryFn: async () => readResources(await getUntypedClient(client).query("economyAdmin.settings", { project_id: projectId })),
    retry: false,
  });
  if (economy.data) return economy.data;
  const named = new Set<string>([TICKETS]);
  for (const s of draft?.segments ?? []) if (s.award.type === "resource") named.add(s.award.resource_id);
  for (const id of Object.keys(draft?.resource_costs_minor ?? {})) named.add(id);
  return [...named].map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1).replaceAll("_", " ") }));
}

function readResources(answer: unknown): TResource[] {
  const list = (answer as { economy_config?: { resources?: unknown } } | null)?.economy_config?.resources;
  if (!Array.isArray(list)) throw new Error("unexpected economy settings");
  return list.flatMap((r: { id?: unknown; name?: unknown }) => (typeof r?.id === "string" ? [{ id: r.id, name: typeof r.name === "string" ? r.name : r.id }] : []));
}
