"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { useLogout, useMe } from "@/app/_lib/session";
import { cx } from "./cx";
import { useDismiss } from "./use-dismiss";
import { CardIcon, ChevronDownIcon, LogoutIcon, UserIcon } from "./Icons";

export function AccountMenu() {
  const me = useMe();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useDismiss(ref, open, () => setOpen(false));

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm text-slate-700 transition hover:bg-slate-100"
      >
        <span className="grid size-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-700 uppercase">{me.email.slice(0, 1)}</span>
        <span className="hidden max-w-44 truncate md:inline">{me.email}</span>
        <ChevronDownIcon className={cx("size-4 text-slate-400 transition", open && "rotate-180")} />
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-30 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg">
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="text-xs text-slate-500">Signed in as</p>
            <p className="truncate text-sm font-medium text-slate-900">{me.email}</p>
          </div>
          <Link role="menuitem" href="/account" onClick={() => setOpen(false)} className="flex items-center gap-2 px-4 py-2.5 text-sm text-slate-700 hover:bg-slate-50">
            <UserIcon className="size-4 text-slate-400" /> Account & security
          </Link>
          <Link role="menuitem" href="/account/billing" onClick={() => setOpen(false)} className="flex items-center gap-2 px-4 py-2.5 text-sm text-slate-700 hover:bg-slate-50">
            <CardIcon className="size-4 text-slate-400" /> Plan & billing
          </Link>
          <button
            role="menuitem"
            type="button"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
            className="flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-50"
          >
            <LogoutIcon className="size-4 text-slate-400" /> {logout.isPending ? "Logging out…" : "Log out"}
          </button>
        </div>
      )}
    </div>
  );
}
