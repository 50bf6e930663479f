import { cx } from "./cx";
import { Spinner } from "./Spinner";

export function Switch({ checked, onChange, disabled, loading, label, id }: { checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; loading?: boolean; label: string; id?: string }) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled || loading}
      onClick={() => onChange(!checked)}
      className={cx(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60",
        checked ? "bg-brand-600" : "bg-slate-300",
      )}
    >
      <span className={cx("grid size-5 place-items-center rounded-full bg-white shadow transition", checked ? "translate-x-5.5" : "translate-x-0.5")}>
        {loading && <Spinner className="size-3 text-slate-400" />}
      </span>
    </button>
  );
}
