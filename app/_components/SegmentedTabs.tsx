"use client";

import { useRef } from "react";
import { cx } from "./cx";

type TOption<T extends string> = { value: T; label: React.ReactNode; detail?: React.ReactNode };

/**
 * In-page tabs drawn as a segmented control, each with an optional second line (a status). Arrow
 * keys move between tabs as in any tab list; the panels are the caller's (`panelId` names each).
 */
export function SegmentedTabs<T extends string>({ label, value, options, onChange, panelId }: { label: string; value: T; options: Array<TOption<T>>; onChange: (v: T) => void; panelId?: (v: T) => string }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (from: number, step: number) => {
    const next = (from + step + options.length) % options.length;
    onChange(options[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="inline-grid w-full auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-200/60 p-1 sm:w-auto">
      {options.map((o, i) => {
        const selected = o.value === value;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId?.(o.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(o.value)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight") move(i, 1);
              else if (e.key === "ArrowLeft") move(i, -1);
            }}
            className={cx(
              "min-w-0 rounded-lg px-4 py-2 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-w-44",
              selected ? "bg-white shadow-sm ring-1 ring-slate-900/5" : "text-slate-600 hover:bg-white/60",
            )}
          >
            <span className={cx("block truncate text-sm font-semibold", selected ? "text-slate-900" : "text-slate-700")}>{o.label}</span>
            {o.detail && <span className="mt-0.5 block truncate text-xs text-slate-500">{o.detail}</span>}
          </button>
        );
      })}
    </div>
  );
}
