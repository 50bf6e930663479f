import { cx } from "./cx";

type TOption<T extends string> = { value: T; label: string; description?: string; disabled?: boolean };

/** A radio group drawn as selectable cards. */
export function RadioCards<T extends string>({
  name,
  value,
  options,
  onChange,
  columns = 2,
  invalid,
}: {
  name: string;
  value: T;
  options: Array<TOption<T>>;
  onChange: (v: T) => void;
  columns?: 2 | 3;
  invalid?: boolean;
}) {
  return (
    <div role="radiogroup" className={cx("grid gap-2", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
      {options.map((o) => {
        const checked = o.value === value;
        return (
          <label
            key={o.value}
            className={cx(
              "relative flex cursor-pointer flex-col rounded-lg border p-3 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40",
              checked ? "border-brand-500 bg-brand-50/60 ring-1 ring-brand-500" : invalid ? "border-red-300 hover:border-red-400" : "border-slate-200 hover:border-slate-300",
              o.disabled && "cursor-not-allowed opacity-50",
            )}
          >
            <input type="radio" name={name} value={o.value} checked={checked} disabled={o.disabled} onChange={() => onChange(o.value)} className="sr-only" />
            <span className="flex items-center justify-between gap-2 font-medium text-slate-900">
              {o.label}
              <span className={cx("size-4 rounded-full border-2", checked ? "border-brand-600 bg-brand-600 ring-2 ring-white ring-inset" : "border-slate-300")} />
            </span>
            {o.description && <span className="mt-1 text-xs leading-relaxed text-slate-600">{o.description}</span>}
          </label>
        );
      })}
    </div>
  );
}
