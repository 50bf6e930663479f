import { cx } from "./cx";

type TEmptyProps = { icon?: React.ReactNode; title: string; description?: React.ReactNode; action?: React.ReactNode; className?: string };

export function EmptyState({ icon, title, description, action, className }: TEmptyProps) {
  return (
    <div className={cx("flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center", className)}>
      {icon && <div className="mb-4 grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">{icon}</div>}
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {description && <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
