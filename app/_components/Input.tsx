import type { ComponentProps } from "react";
import { cx } from "./cx";

const base =
  "block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm transition placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500";
const ok = "border-slate-300 focus:border-brand-500 focus:ring-brand-500/20";
const bad = "border-red-400 focus:border-red-500 focus:ring-red-500/20";

type TInvalid = { invalid?: boolean };

export function Input({ className, invalid, ...rest }: ComponentProps<"input"> & TInvalid) {
  return <input className={cx(base, "h-10", invalid ? bad : ok, className)} aria-invalid={invalid || undefined} {...rest} />;
}

export function Textarea({ className, invalid, ...rest }: ComponentProps<"textarea"> & TInvalid) {
  return <textarea className={cx(base, "py-2", invalid ? bad : ok, className)} aria-invalid={invalid || undefined} {...rest} />;
}

export function Select({ className, invalid, ...rest }: ComponentProps<"select"> & TInvalid) {
  return <select className={cx(base, "h-10 pr-8", invalid ? bad : ok, className)} aria-invalid={invalid || undefined} {...rest} />;
}

export function Checkbox({ className, ...rest }: ComponentProps<"input">) {
  return <input type="checkbox" className={cx("size-4 rounded border-slate-300 text-brand-600 accent-brand-600 focus:ring-brand-500", className)} {...rest} />;
}
