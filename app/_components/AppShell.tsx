"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { AccountMenu } from "./AccountMenu";
import { cx } from "./cx";
import { GlobalSearch } from "./GlobalSearch";
import { NotificationsBell } from "./NotificationsBell";
import { Logo } from "./Logo";
import { ProjectSwitcher } from "./ProjectSwitcher";

const NAV = [
  { href: "/projects", label: "Projects" },
  { href: "/account", label: "Account" },
];

/** The console frame: top bar with logo, project switcher, main nav and account menu. */
export function AppShell({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-4 sm:px-6">
          <Logo href="/projects" />
          <span className="hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
          <div className="min-w-0 flex-1 sm:flex-none">
            <ProjectSwitcher />
          </div>
          <nav className="hidden flex-1 items-center gap-1 sm:flex" aria-label="Main">
            {NAV.map((item) => {
              const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
              return (
                <Link
                  key={item.href}
                  href={item.href}
                  className={cx("rounded-md px-3 py-2 text-sm font-medium transition", active ? "bg-slate-100 text-slate-900" : "text-slate-500 hover:text-slate-900")}
                >
                  {item.label}
                </Link>
              );
            })}
          </nav>
          <GlobalSearch />
          <NotificationsBell />
          <AccountMenu />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">{children}</main>
    </div>
  );
}
