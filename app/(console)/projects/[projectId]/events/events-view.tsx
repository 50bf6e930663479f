"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardHeader } from "@/app/_components/Card";
import { EmptyState } from "@/app/_components/EmptyState";
import { FolderIcon } from "@/app/_components/Icons";
import { Input } from "@/app/_components/Input";
import { Skeleton, Spinner } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { EventRow } from "./event-row";
import { ExportButton } from "./export-button";

const PAGE = 50;
type TFilters = { event_type?: string; external_user_id?: string; since?: string; until?: string };

/** `datetime-local` values are the admin's local time; the API takes RFC 3339 instants. */
const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function EventsView() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const [form, setForm] = useState({ type: "", player: "", since: "", until: "" });
  const [filters, setFilters] = useState<TFilters>({});
  const events = useInfiniteQuery({
    ...trpc.eventLog.list.infiniteQueryOptions({ project_id: projectId, limit: PAGE, ...filters }, { getNextPageParam: (last) => last.next_cursor ?? undefined }),
    // Events arrive while the page is open: a visit starts from the newest.
    staleTime: 0,
  });
  const list = events.data?.pages.flatMap((p) => p.events) ?? [];

  // Infinite scroll: the next page loads when the end of the list comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: "400px" });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const apply = (e?: React.FormEvent) => {
    e?.preventDefault();
    const next: TFilters = {};
    if (form.type.trim()) next.event_type = form.type.trim();
    if (form.player.trim()) next.external_user_id = form.player.trim();
    if (form.since) next.since = instant(form.since);
    if (form.until) next.until = instant(form.until);
    setFilters(next);
  };
  const filtered = Object.keys(filters).length > 0;

  return (
    <Card>
      <CardHeader
        title="Event log"
        description="Everything players, your server and Playloop recorded for this project, newest first. Filter, open a payload, or export the filtered log as CSV."
        actions={<ExportButton projectId={projectId} filters={filters} />}
      />
      <form onSubmit={apply} className="grid gap-3 border-b border-slate-100 px-5 py-3 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end" role="search" aria-label="Filter events">
        <label className="space-y-1 text-xs font-medium text-slate-500">
          Type
          <Input className="h-9" placeholder="e.g. game.game_won" value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value })} data-testid="filter-type" />
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-500">
          Player
          <Input className="h-9" placeholder="External user ID" value={form.player} onChange={(e) => setForm({ ...form, player: e.target.value })} data-testid="filter-player" />
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-500">
          Since
          <Input className="h-9" type="datetime-local" value={form.since} onChange={(e) => setForm({ ...form, since: e.target.value })} />
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-500">
          Until
          <Input className="h-9" type="datetime-local" value={form.until} onChange={(e) => setForm({ ...form, until: e.target.value })} />
        </label>
        <div className="flex gap-2">
          <Button type="submit" size="sm" className="h-9" data-testid="apply-filters">
            Apply
          </Button>
          {filtered && (
            <Button
              variant="ghost"
              size="sm"
              className="h-9"
              onClick={() => {
                setForm({ type: "", player: "", since: "", until: "" });
                setFilters({});
              }}
            >
              Clear
            </Button>
          )}
        </div>
      </form>
      {events.error && <ErrorAlert error={events.error} showCode={false} className="mx-5 my-4 sm:mx-6" />}
      {events.isPending ? (
        <div className="space-y-3 px-5 py-4 sm:px-6">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : list.length === 0 ? (
        <div className="p-5 sm:p-6">
          <EmptyState
            icon={<FolderIcon />}
            title={filtered ? "No events match" : "No events yet"}
            description={filtered ? "Try a wider time window or another type." : "Events appear here as players play and your server reports them."}
            className="border-0"
          />
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" data-testid="event-list">
            {list.map((e) => (
              <EventRow key={e.id} event={e} projectId={projectId} />
            ))}
          </ul>
          <div ref={sentinel} className="flex items-center justify-center gap-2 border-t border-slate-100 px-5 py-3 text-xs text-slate-500 sm:px-6">
            {isFetchingNextPage ? (
              <>
                <Spinner /> Loading more…
              </>
            ) : hasNextPage ? (
              <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()}>
                Load more
              </Button>
            ) : (
              <span data-testid="event-log-end">{list.length.toLocaleString()} events · end of the log</span>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
