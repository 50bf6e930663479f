"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { cx } from "./cx";

/** Route-based tabs: the active tab is the one whose href matches the path. */
export function Tabs({ items }: { items: Array<{ href: string; label: string; exact?: boolean }> }) {
  const pathname = usePathname();
  const active = useRef<HTMLAnchorElement>(null);
  // On a phone the row scrolls sideways; a tab reached by a link (say "Claims" from the overview)
  // would otherwise sit off-screen, leaving no visible sign of where the admin is.
  useEffect(() => {
    const el = active.current;
    const row = el?.parentElement;
    if (!el || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = el.offsetLeft - (row.clientWidth - el.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 [scrollbar-width:none] sm:mx-0 sm:px-0" aria-label="Sections">
      {items.map((item) => {
        const isActive = item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <Link
            key={item.href}
            href={item.href}
            ref={isActive ? active : undefined}
            aria-current={isActive ? "page" : undefined}
            className={cx(
              "-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition",
              isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
            )}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
