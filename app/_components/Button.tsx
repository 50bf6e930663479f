import Link from "next/link";
import type { ComponentProps } from "react";
import { cx } from "./cx";
import { Spinner } from "./Spinner";

type TVariant = "primary" | "secondary" | "ghost" | "danger";
type TSize = "sm" | "md" | "lg";

const variants: Record<TVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-600",
  secondary: "border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-brand-600",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600",
};
const sizes: Record<TSize, string> = {
  sm: "h-8 gap-1.5 rounded-md px-3 text-sm",
  md: "h-10 gap-2 rounded-lg px-4 text-sm",
  lg: "h-11 gap-2 rounded-lg px-5 text-base",
};

export function buttonClass(variant: TVariant = "primary", size: TSize = "md", className?: string) {
  return cx(
    "inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

type TButtonProps = ComponentProps<"button"> & { variant?: TVariant; size?: TSize; loading?: boolean };

export function Button({ variant, size, loading, disabled, className, children, type = "button", ...rest }: TButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, className, ...rest }: ComponentProps<typeof Link> & { variant?: TVariant; size?: TSize }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
