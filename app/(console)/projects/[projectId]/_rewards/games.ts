"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_lib/trpc";

export type TGame = { id: string; title: string };

/** The games (mechanics) a campaign can name; legacy templates and wheels have no levels. */
export function useGames(): { games: TGame[]; titleOf: (id: string | null | undefined) => string | null; isPending: boolean } {
  const trpc = useTRPC();
  const templates = useQuery(trpc.projects.templates.queryOptions());
  const games = (templates.data?.templates ?? []).filter((t) => t.kind === "mechanic").map((t) => ({ id: t.id, title: t.player_title }));
  return {
    games,
    // An id not in the list (a retired game) still reads as itself.
    titleOf: (id) => (id ? (games.find((g) => g.id === id)?.title ?? id) : null),
    isPending: templates.isPending,
  };
}
