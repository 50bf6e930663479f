import { cx } from "./cx";

type TFieldProps = {
  label: React.ReactNode;
  htmlFor?: string;
  hint?: React.ReactNode;
  error?: string | null;
  className?: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
};

/** A labelled form control with an optional hint and an error line. */
export function Field({ label, htmlFor, hint, error, className, aside, children }: TFieldProps) {
  return (
    <div className={cx("space-y-1.5", className)} data-field>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {error ? (
        <p className="text-sm text-red-600" role="alert" id={htmlFor ? `${htmlFor}-error` : undefined}>
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}
