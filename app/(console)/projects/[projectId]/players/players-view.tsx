"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge, type TBadgeTone } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardHeader } from "@/app/_components/Card";
import { Input } from "@/app/_components/Input";
import { Skeleton, Spinner } from "@/app/_components/Spinner";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";
import { formatCount, formatNumber } from "@/i18n/format";
import { formatDateTime } from "../../labels";
import { useProjectId } from "../use-project";

type TSort = "last_seen" | "runs" | "levels_won" | "external_user_id";
const PAGE = 50;
const FRAUD_TONES: Record<string, TBadgeTone> = { watch: "amber", blocked: "red", trusted: "green" };
const FRAUD_WORDS: Record<string, string> = { watch: "Watched", blocked: "Blocked", trusted: "Trusted" };

/** What the admin typed, once they pause typing: one request per search, not per key. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Everyone who played, searchable and sortable; a row opens the player's page. */
export function PlayersView() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const router = useRouter();
  const [typed, setTyped] = useState("");
  const search = useSettled(typed.trim());
  const [sort, setSort] = useState<{ by: TSort; order: "desc" | "asc" }>({ by: "last_seen", order: "desc" });
  const players = useInfiniteQuery(
    trpc.players.list.infiniteQueryOptions(
      { project_id: projectId, limit: PAGE, sort: sort.by, order: sort.order, ...(search ? { search } : {}) },
      { getNextPageParam: (last) => last.next_cursor ?? undefined },
    ),
  );
  const rows = players.data?.pages.flatMap((p) => p.players) ?? [];
  const total = players.data?.pages[0]?.total;
  const open = (id: string) => router.push(`/projects/${projectId}/players/${encodeURIComponent(id)}`);
  const sortBy = (by: TSort) => setSort((s) => (s.by === by ? { by, order: s.order === "desc" ? "asc" : "desc" } : { by, order: by === "external_user_id" ? "asc" : "desc" }));
  const header = (by: TSort, label: string, className?: string) => (
    <th scope="col" className={cx("px-3 py-2 font-medium", className)} aria-sort={sort.by === by ? (sort.order === "desc" ? "descending" : "ascending") : "none"}>
      <button type="button" className={cx("inline-flex items-center gap-1 uppercase hover:text-slate-800", className?.includes("text-right") && "flex-row-reverse")} onClick={() => sortBy(by)} data-testid={`sort-${by}`}>
        {label}
        <span aria-hidden="true" className={cx("text-[10px]", sort.by !== by && "invisible")}>{sort.order === "desc" ? "▼" : "▲"}</span>
      </button>
    </th>
  );

  return (
    <Card>
      <CardHeader
        title="Players"
        description="Everyone who has started a game here. Open a player for their progress, sessions, runs with every move, fraud status — and erasure of their data on request (GDPR)."
      />
      <form
        className="flex flex-col gap-2 border-b border-slate-100 px-5 py-3 sm:flex-row sm:items-center sm:px-6"
        role="search"
        aria-label="Find players"
        onSubmit={(e) => {
          e.preventDefault();
          const exact = rows.find((r) => r.external_user_id === typed.trim());
          if (exact) open(exact.external_user_id);
        }}
      >
        <Input
          className="h-9 w-full font-mono sm:flex-1"
          maxLength={128}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Search by external user ID — anon_ finds anonymous players"
          aria-label="Search by external user ID"
          data-testid="players-search"
        />
        <p className="text-xs text-slate-500 tabular-nums" data-testid="players-total" aria-live="polite">
          {total === undefined ? "\u00a0" : search ? `${formatCount(total, { one: "match", other: "matches" })}` : formatCount(total, { one: "player", other: "players" })}
        </p>
      </form>
      {players.error ? (
        <ErrorAlert error={players.error} showCode={false} className="m-5" />
      ) : !players.data ? (
        <Skeleton className="m-5 h-40" />
      ) : rows.length === 0 ? (
        <div className="px-5 py-8 text-center text-sm text-slate-500 sm:px-6" data-testid="players-empty">
          {search ? (
            <>
              <p>No player who has played has an ID containing “{search}”.</p>
              <Button variant="secondary" className="mt-3" onClick={() => open(search)}>
                Open “{search}” anyway
              </Button>
              <p className="mt-2 text-xs text-slate-400">For a player who opened the widget but never started a game, or a request to erase an exact ID.</p>
            </>
          ) : (
            <p>No one has played yet. Players appear here after their first game.</p>
          )}
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="players-table">
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500">
              <tr>
                {header("external_user_id", "Player", "pl-5 sm:pl-6")}
                {header("last_seen", "Last played", "hidden sm:table-cell")}
                {header("runs", "Games", "text-right")}
                {/* first completions: a replay or a later round of the track adds none (the case study's "Wins" counts every won run) */}
                {header("levels_won", "Levels completed", "hidden text-right sm:table-cell")}
                {/* every claim, held, in review and rejected ones too (the case study's "Rewards" are the delivered ones) */}
                <th scope="col" className="hidden px-3 py-2 text-right font-medium uppercase sm:table-cell" title="Reward claims in any status: delivered, held, in review or rejected">
                  Claims
                </th>
                <th scope="col" className="px-3 py-2 pr-5 font-medium uppercase sm:pr-6">Fraud</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.external_user_id} className="hover:bg-slate-50" data-testid="player-row">
                  <td className="max-w-[14rem] py-2 pr-3 pl-5 sm:pl-6">
                    <Link href={`/projects/${projectId}/players/${encodeURIComponent(r.external_user_id)}`} className="block truncate font-mono text-xs font-medium text-brand-700 hover:underline">
                      {r.external_user_id}
                    </Link>
                    <span className="text-xs text-slate-400">{r.subject_type === "anonymous" ? "Anonymous (widget)" : "Signed in"}</span>
                    <span className="block text-xs text-slate-500 sm:hidden">{formatDateTime(r.last_seen_at)}</span>
                  </td>
                  <td className="hidden px-3 py-2 whitespace-nowrap text-slate-600 sm:table-cell">{formatDateTime(r.last_seen_at)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(r.runs_started)}</td>
                  <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{formatNumber(r.levels_won)}</td>
                  <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{r.rewards > 0 ? formatNumber(r.rewards) : "—"}</td>
                  <td className="px-3 py-2 pr-5 sm:pr-6">
                    <span className="flex flex-wrap gap-1">
                      {r.fraud_status !== "none" && <Badge tone={FRAUD_TONES[r.fraud_status] ?? "neutral"}>{FRAUD_WORDS[r.fraud_status] ?? r.fraud_status}</Badge>}
                      {r.open_flags > 0 && <Badge tone="amber">{formatCount(r.open_flags, { one: "flag", other: "flags" })}</Badge>}
                      {r.fraud_status === "none" && r.open_flags === 0 && <span className="text-slate-400">—</span>}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {players.hasNextPage && (
            <div className="flex justify-center border-t border-slate-100 py-3">
              <Button variant="secondary" onClick={() => void players.fetchNextPage()} disabled={players.isFetchingNextPage} data-testid="players-more">
                {players.isFetchingNextPage ? <Spinner /> : `Show ${PAGE} more`}
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
