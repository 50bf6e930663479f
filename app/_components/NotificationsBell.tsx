"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState } from "react";
import { useTRPC } from "@/app/_lib/trpc";
import { cx } from "./cx";
import { useDismiss } from "./use-dismiss";

const DOT: Record<string, string> = { critical: "bg-red-500", warning: "bg-amber-500", info: "bg-sky-500" };
const ago = (iso: string) => {
  const s = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (s < 90) return "just now";
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 129600) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
};

/** What needs the owner's attention across their projects; refreshed every minute. */
export function NotificationsBell() {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { data } = useQuery({ ...trpc.notifications.list.queryOptions({}), refetchInterval: 60_000 });
  const items = data?.notifications ?? [];
  const urgent = items.filter((n) => n.severity !== "info").length;

  useDismiss(ref, open, () => setOpen(false));

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={`Notifications${items.length ? ` (${items.length})` : ""}`}
        className="relative grid size-9 place-items-center rounded-full text-slate-500 transition hover:bg-slate-100 hover:text-slate-800"
        data-testid="notifications-bell"
      >
        <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20a2 2 0 0 0 4 0" />
        </svg>
        {items.length > 0 && (
          <span
            className={cx("absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full px-1 text-[10px] font-bold text-white", urgent ? "bg-red-500" : "bg-slate-400")}
            data-testid="notifications-count"
          >
            {items.length > 9 ? "9+" : items.length}
          </span>
        )}
      </button>
      {open && (
        <div className="fixed inset-x-2 top-16 z-30 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96" role="region" aria-label="Notifications">
          <p className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Notifications</p>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">All clear: nothing needs your attention.</p>
          ) : (
            <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-auto" data-testid="notifications-list">
              {items.map((n) => (
                <li key={n.id}>
                  <Link href={n.href} onClick={() => setOpen(false)} className="flex gap-3 px-4 py-3 hover:bg-slate-50">
                    <span className={cx("mt-1.5 size-2 shrink-0 rounded-full", DOT[n.severity])} aria-label={n.severity} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="truncate text-sm font-medium text-slate-900">{n.title}</span>
                        <span className="shrink-0 text-xs text-slate-400">{ago(n.created_at)}</span>
                      </span>
                      <span className="mt-0.5 block text-xs leading-relaxed text-slate-500">{n.body}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
