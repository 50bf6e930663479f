"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge, type TBadgeTone } from "@/app/_components/Badge";
import { ChevronDownIcon } from "@/app/_components/Icons";
import { cx } from "@/app/_components/cx";

export type TEvent = {
  id: string;
  type: string;
  source: string;
  external_user_id: string;
  session_id: string | null;
  run_id: string | null;
  payload: Record<string, unknown>;
  created_at: string;
};

const SOURCE_TONE: Record<string, TBadgeTone> = { player: "brand", server: "green", business: "amber", system: "neutral" };
const time = (iso: string) => new Date(iso).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** One event: when, what, who, where from; the payload opens in place. */
export function EventRow({ event, projectId }: { event: TEvent; projectId: string }) {
  const [open, setOpen] = useState(false);
  const player = `/projects/${projectId}/players/${encodeURIComponent(event.external_user_id)}`;
  const keys = Object.keys(event.payload);
  return (
    <li className="px-5 py-3 sm:px-6" data-testid="event-row">
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,12rem)_auto]">
        <time className="order-2 col-span-2 text-xs text-slate-500 tabular-nums sm:order-none sm:col-span-1 sm:text-sm" dateTime={event.created_at}>
          {time(event.created_at)}
        </time>
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-mono text-sm font-medium text-slate-900" data-testid="event-type">
            {event.type}
          </span>
          <Badge tone={SOURCE_TONE[event.source] ?? "neutral"}>{event.source}</Badge>
        </div>
        <Link href={player} className="order-3 col-span-2 min-w-0 truncate text-sm text-brand-700 hover:underline sm:order-none sm:col-span-1" title={event.external_user_id}>
          {event.external_user_id}
        </Link>
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-label={`${open ? "Hide" : "Show"} payload of event ${event.id}`}
          className="flex items-center gap-1 justify-self-end rounded-md px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          {keys.length ? `${keys.length} field${keys.length === 1 ? "" : "s"}` : "payload"}
          <ChevronDownIcon className={cx("size-4 transition", open && "rotate-180")} />
        </button>
      </div>
      {open && (
        <div className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-xs">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-500">
            <dt>Event</dt>
            <dd className="font-mono text-slate-700">#{event.id}</dd>
            {event.run_id && (
              <>
                <dt>Run</dt>
                <dd className="min-w-0 truncate font-mono">
                  <Link href={`${player}?run=${event.run_id}`} className="text-brand-700 hover:underline">
                    {event.run_id}
                  </Link>
                </dd>
              </>
            )}
            {event.session_id && (
              <>
                <dt>Session</dt>
                <dd className="min-w-0 truncate font-mono text-slate-700">{event.session_id}</dd>
              </>
            )}
          </dl>
          <pre className="max-h-72 overflow-auto rounded-md bg-white p-3 font-mono text-[12px] leading-relaxed text-slate-800 ring-1 ring-slate-200" data-testid="event-payload">
            {JSON.stringify(event.payload, null, 2)}
          </pre>
        </div>
      )}
    </li>
  );
}
