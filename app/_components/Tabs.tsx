"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { cx } from "./cx";

/**
 * Route-based tabs: the active tab is the one whose href matches the path. On a narrow screen the
 * row scrolls sideways, and faded edges show that more tabs lie beyond them.
 */
export function Tabs({ items }: { items: Array<{ href: string; label: string; exact?: boolean }> }) {
  const pathname = usePathname();
  const active = useRef<HTMLAnchorElement>(null);
  const row = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    const left = el.scrollLeft > 2;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 2;
    setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
  }, []);

  // On a phone a tab reached by a link (say "Claims" from the overview) would otherwise sit
  // off-screen, leaving no visible sign of where the admin is.
  useEffect(() => {
    const el = active.current;
    const r = row.current;
    if (el && r && r.scrollWidth > r.clientWidth) r.scrollLeft = el.offsetLeft - (r.clientWidth - el.offsetWidth) / 2;
    measure();
  }, [pathname, measure]);

  useEffect(() => {
    const r = row.current;
    if (!r || typeof ResizeObserver !== "function") return;
    const ro = new ResizeObserver(measure);
    ro.observe(r);
    return () => ro.disconnect();
  }, [measure]);

  return (
    <div className="relative -mx-4 sm:mx-0" data-tabs-more-left={more.left || undefined} data-tabs-more-right={more.right || undefined}>
      <nav ref={row} onScroll={measure} className="flex gap-1 overflow-x-auto border-b border-slate-200 px-4 [scrollbar-width:none] sm:px-0" aria-label="Sections">
        {items.map((item) => {
          const isActive = item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <Link
              key={item.href}
              href={item.href}
              ref={isActive ? active : undefined}
              aria-current={isActive ? "page" : undefined}
              className={cx(
                // the focus ring is drawn inside the tab: the scrolling row would clip one drawn outside
                "-mb-px rounded-t-md border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
                isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              {item.label}
            </Link>
          );
        })}
      </nav>
      <span aria-hidden="true" className={cx("pointer-events-none absolute inset-y-0 left-0 w-8 bg-gradient-to-r from-slate-50 to-transparent transition-opacity", more.left ? "opacity-100" : "opacity-0")} />
      <span aria-hidden="true" className={cx("pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-slate-50 via-slate-50/80 to-transparent transition-opacity", more.right ? "opacity-100" : "opacity-0")} />
    </div>
  );
}
