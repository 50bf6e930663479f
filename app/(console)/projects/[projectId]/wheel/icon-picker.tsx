"use client";

import { useEffect, useRef, useState } from "react";
import { cx } from "@/app/_components/cx";
import { iconName, iconUrl, WHEEL_ICONS } from "./labels";
import type { TWheelIcon } from "./types";

/** The segment's icon as a button; it opens the built-in icons (as the server serves them) to pick from. */
export function IconPicker({ id, value, onChange, label, invalid }: { id: string; value: TWheelIcon; onChange: (icon: TWheelIcon) => void; label: string; invalid?: boolean }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const chosen = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    chosen.current?.focus();
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    document.getElementById(id)?.focus();
  };
  const pick = (icon: TWheelIcon) => {
    onChange(icon);
    close();
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key !== "Escape" || !open) return;
        e.stopPropagation();
        close();
      }}
    >
      <button
        id={id}
        type="button"
        aria-label={`${label}: ${iconName(value)}`}
        aria-haspopup="true"
        aria-expanded={open}
        title="Change icon"
        onClick={() => setOpen((o) => !o)}
        className={cx(
          "grid size-10 place-items-center rounded-lg border bg-white shadow-sm transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
          invalid ? "border-red-400" : "border-slate-300",
        )}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a tiny static SVG the API serves */}
        <img src={iconUrl(value)} alt="" className="size-7" />
      </button>
      {open && (
        <div role="radiogroup" aria-label={label} className="absolute top-full left-0 z-20 mt-1 grid w-52 grid-cols-4 gap-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          {WHEEL_ICONS.map((icon) => {
            const selected = icon === value;
            return (
              <button
                key={icon}
                ref={selected ? chosen : undefined}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={iconName(icon)}
                title={iconName(icon)}
                onClick={() => pick(icon)}
                className={cx(
                  "grid aspect-square place-items-center rounded-lg transition focus-visible:outline-2 focus-visible:outline-brand-600",
                  selected ? "bg-brand-50 ring-2 ring-brand-500" : "hover:bg-slate-100",
                )}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
                <img src={iconUrl(icon)} alt="" className="size-8" />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
