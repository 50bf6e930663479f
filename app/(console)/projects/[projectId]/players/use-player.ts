"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useParams } from "next/navigation";
import { useTRPC } from "@/app/_lib/trpc";
import type { TConsoleRouter } from "@/server/routers/console";
import { useProjectId } from "../use-project";

type TOut = inferRouterOutputs<TConsoleRouter>["players"];
export type TProgress = TOut["progress"];
export type TRun = TOut["runs"]["runs"][number];
export type TSession = TOut["sessions"]["sessions"][number];
export type TErasure = TOut["erase"];

/** The player id from the URL (a segment may arrive percent-encoded). */
export function usePlayerId(): string {
  const raw = useParams<{ externalUserId: string }>().externalUserId;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function usePlayerQueries(player: string) {
  const trpc = useTRPC();
  const project_id = useProjectId();
  const input = { project_id, external_user_id: player };
  return {
    progress: useQuery({ ...trpc.players.progress.queryOptions(input), retry: false }),
    sessions: useQuery({ ...trpc.players.sessions.queryOptions({ ...input, limit: 50 }), retry: false }),
    runs: useQuery({ ...trpc.players.runs.queryOptions({ ...input, limit: 50 }), retry: false }),
    fraud: useQuery({ ...trpc.fraud.playerStatus.queryOptions(input), retry: false }),
  };
}
