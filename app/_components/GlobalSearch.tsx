"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useTRPC } from "@/app/_lib/trpc";
import { cx } from "./cx";

const KIND_LABEL: Record<string, string> = { player: "Player", campaign: "Campaign", run: "Run", claim: "Claim" };

function SearchIcon({ className = "size-4" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true">
      <circle cx="11" cy="11" r="6.5" />
      <path d="m20 20-4.2-4.2" />
    </svg>
  );
}

/**
 * The console's global search (players, campaigns, runs, claims of the admin's projects) as an
 * ARIA combobox: arrows move through the results, Enter opens one, Escape closes the list. On a
 * phone it folds into an icon that opens the field over the header.
 */
export function GlobalSearch() {
  const trpc = useTRPC();
  const router = useRouter();
  const listId = useId();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim().slice(0, 100)), 200);
    return () => clearTimeout(t);
  }, [text]);
  const search = useQuery({ ...trpc.search.query.queryOptions({ q }), enabled: q.length > 0, placeholderData: (prev) => prev });
  const results = q ? (search.data?.results ?? []) : [];
  useEffect(() => setActive(0), [q]);
  useEffect(() => {
    if (!open && !expanded) return;
    const close = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) {
        setOpen(false);
        setExpanded(false);
      }
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open, expanded]);

  const go = (href: string) => {
    setOpen(false);
    setExpanded(false);
    setText("");
    router.push(href);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown" && results.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % results.length);
    } else if (e.key === "ArrowUp" && results.length) {
      e.preventDefault();
      setActive((a) => (a - 1 + results.length) % results.length);
    } else if (e.key === "Enter" && open && results[active]) {
      e.preventDefault();
      go(results[active].href);
    } else if (e.key === "Escape") {
      setOpen(false);
      setExpanded(false);
    }
  };
  const showList = open && q.length > 0;

  return (
    <div ref={box} className="relative sm:w-56 lg:w-72">
      <button
        type="button"
        className="grid size-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 sm:hidden"
        aria-label="Search"
        onClick={() => {
          setExpanded(true);
          setTimeout(() => input.current?.focus(), 0);
        }}
      >
        <SearchIcon className="size-5" />
      </button>
      <div className={cx(expanded ? "fixed inset-x-0 top-0 z-40 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-4" : "hidden", "sm:static sm:flex sm:h-auto sm:border-0 sm:bg-transparent sm:p-0")}>
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-label="Search players, campaigns, runs and claims"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && results[active] ? `${listId}-${active}` : undefined}
            placeholder="Search players, campaigns…"
            value={text}
            maxLength={100}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-8 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
            data-testid="global-search"
          />
        </div>
        {expanded && (
          <button type="button" className="text-sm font-medium text-slate-600 sm:hidden" onClick={() => setExpanded(false)}>
            Cancel
          </button>
        )}
      </div>
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Search results"
          className={cx("z-40 max-h-96 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg", expanded ? "fixed inset-x-2 top-16" : "absolute top-11 right-0 hidden w-full min-w-72 sm:block")}
        >
          {results.length === 0 ? (
            <li className="px-4 py-3 text-sm text-slate-500">{search.isFetching ? "Searching…" : "No matches in your projects"}</li>
          ) : (
            results.map((r, i) => (
              <li
                key={`${r.kind}:${r.project_id}:${r.id}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => {
                  e.preventDefault();
                  go(r.href);
                }}
                className={cx("flex cursor-pointer items-center gap-3 px-4 py-2", i === active && "bg-slate-50")}
                data-testid="search-result"
              >
                <span className="w-16 shrink-0 text-[11px] font-semibold tracking-wide text-slate-400 uppercase">{KIND_LABEL[r.kind]}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900">{r.label}</span>
                  <span className="block truncate text-xs text-slate-500">{r.project_name}</span>
                </span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
