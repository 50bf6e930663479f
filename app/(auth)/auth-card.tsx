import { cx } from "@/app/_components/cx";

type TAuthCardProps = { title: string; description?: React.ReactNode; icon?: React.ReactNode; width?: "md" | "lg" | "2xl"; footer?: React.ReactNode; children: React.ReactNode };

/** The centred card every sign-in step uses. */
export function AuthCard({ title, description, icon, width = "md", footer, children }: TAuthCardProps) {
  return (
    <div className={cx("w-full", { md: "max-w-md", lg: "max-w-lg", "2xl": "max-w-2xl" }[width])}>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8">
        {icon && <div className="mb-5 grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-600">{icon}</div>}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-2 text-sm leading-relaxed text-slate-500">{description}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-500">{footer}</div>}
    </div>
  );
}
