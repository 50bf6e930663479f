"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";

/** The project's economy settings (shared by every card on the page: one request). */
export function useEconomySettings() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  return useQuery(trpc.economyAdmin.settings.queryOptions({ project_id: projectId }));
}

/** One player's balances and ledger; always read afresh, since players spend while the page is open. */
export function usePlayerLedger(externalUserId: string) {
  const trpc = useTRPC();
  const projectId = useProjectId();
  return useQuery({ ...trpc.economyAdmin.player.queryOptions({ project_id: projectId, external_user_id: externalUserId }), enabled: externalUserId !== "", staleTime: 0 });
}
