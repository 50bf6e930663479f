"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Tabs } from "@/app/_components/Tabs";
import { cx } from "@/app/_components/cx";

type TSection = { href: string; label: string; exact?: boolean };

/** A project's destinations, grouped by what an admin comes to do. */
function groups(base: string): Array<{ title: string | null; items: TSection[] }> {
  return [
    { title: null, items: [{ href: base, label: "Overview", exact: true }, { href: `${base}/insights`, label: "Insights" }] },
    { title: "Play", items: [{ href: `${base}/game`, label: "Game" }, { href: `${base}/economy`, label: "Economy" }, { href: `${base}/wheel`, label: "Wheel" }] },
    {
      title: "Rewards",
      items: [{ href: `${base}/campaigns`, label: "Campaigns" }, { href: `${base}/claims`, label: "Claims" }, { href: `${base}/webhooks`, label: "Webhooks" }, { href: `${base}/fraud`, label: "Fraud" }],
    },
    { title: "Players & data", items: [{ href: `${base}/players`, label: "Players" }, { href: `${base}/events`, label: "Events" }] },
    { title: "Setup", items: [{ href: `${base}/settings`, label: "Settings" }, { href: `${base}/wording`, label: "Wording" }, { href: `${base}/keys`, label: "API keys" }, { href: `${base}/embed`, label: "Embed" }] },
  ];
}

/**
 * The project's sections: a grouped sidebar from 1024 px, where every destination is visible at
 * once; below that, one row of tabs in the same order that scrolls sideways with faded edges.
 */
export function ProjectNav({ base }: { base: string }) {
  const pathname = usePathname();
  const all = groups(base);
  return (
    <>
      <div className="lg:hidden">
        <Tabs items={all.flatMap((g) => g.items)} />
      </div>
      <nav aria-label="Sections" className="hidden lg:block" data-testid="project-sidebar">
        <div className="sticky top-24 space-y-4">
          {all.map((g) => (
            <div key={g.title ?? "main"}>
              {g.title && <p className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{g.title}</p>}
              <ul className="space-y-0.5">
                {g.items.map((item) => {
                  const active = item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
                  return (
                    <li key={item.href}>
                      <Link
                        href={item.href}
                        aria-current={active ? "page" : undefined}
                        className={cx(
                          "block rounded-md px-3 py-1 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-600",
                          active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                        )}
                      >
                        {item.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      </nav>
    </>
  );
}
