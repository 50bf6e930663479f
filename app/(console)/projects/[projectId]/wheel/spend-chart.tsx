import { formatMoney, formatShare, useCurrency } from "./money";

type TPeriod = { label: string; testId: string; actual: number; forecast: number; budget: number; budgetLabel: string };

/**
 * Two views of what prizes cost: how much of each budget is used, and actual spend against what
 * the weights forecast for the same spins (each pair on its own scale, so a small day still shows
 * whether spending runs ahead of or behind the forecast).
 */
export function SpendChart({ periods }: { periods: TPeriod[] }) {
  const currency = useCurrency();
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="spend-chart">
      <figure className="min-w-0 space-y-3">
        <figcaption className="text-sm font-medium text-slate-900">Budget used</figcaption>
        {periods.map((p) => {
          const used = p.budget > 0 ? p.actual / p.budget : 0;
          return (
            <div key={p.label} className="space-y-1.5" data-testid={`budget-${p.testId}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="text-slate-600">{p.label}</span>
                <span className="text-slate-600 tabular-nums">
                  <span className="font-semibold text-slate-900">{formatMoney(p.actual, currency)}</span> of {formatMoney(p.budget, currency)} {p.budgetLabel}
                </span>
              </div>
              <div className="flex items-center gap-3">
                <svg className="h-3 min-w-0 flex-1" role="img" aria-label={`${p.label}: ${formatShare(used)} of the ${p.budgetLabel} used`}>
                  <rect x="0" y="0" width="100%" height="100%" rx="6" fill="#e2e8f0" />
                  {p.actual > 0 && <rect x="0" y="0" width={`${Math.max(1, Math.min(100, used * 100)).toFixed(2)}%`} height="100%" rx="6" fill={used >= 1 ? "#dc2626" : used >= 0.8 ? "#d97706" : "#6366f1"} />}
                </svg>
                <span className="w-14 shrink-0 text-right text-xs text-slate-500 tabular-nums">{formatShare(used)}</span>
              </div>
            </div>
          );
        })}
      </figure>
      <figure className="min-w-0 space-y-3">
        <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-medium text-slate-900">Spent vs forecast</span>
          <span className="flex items-center gap-3 text-xs text-slate-500">
            <Key className="bg-brand-500" label="Spent" />
            <Key className="bg-slate-300" label="Forecast" />
          </span>
        </figcaption>
        {periods.map((p) => {
          const scale = Math.max(p.actual, p.forecast, 1);
          return (
            <div key={p.label} className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1" data-testid={`forecast-${p.testId}`}>
              <span className="row-span-2 text-sm text-slate-600">{p.label}</span>
              <Bar value={p.actual} scale={scale} fill="#6366f1" label={`${p.label}: spent ${formatMoney(p.actual, currency)}`} />
              <Bar value={p.forecast} scale={scale} fill="#cbd5e1" label={`${p.label}: forecast ${formatMoney(p.forecast, currency)}`} />
            </div>
          );
        })}
      </figure>
    </div>
  );
}

function Bar({ value, scale, fill, label }: { value: number; scale: number; fill: string; label: string }) {
  const currency = useCurrency();
  const width = Math.min(100, (value / scale) * 100);
  return (
    <div className="flex items-center gap-2">
      <svg className="h-3 min-w-0 flex-1" role="img" aria-label={label}>
        {value > 0 ? <rect x="0" y="0" width={`${Math.max(1, width).toFixed(2)}%`} height="100%" rx="3" fill={fill} /> : <rect x="0" y="45%" width="100%" height="10%" fill="#f1f5f9" />}
      </svg>
      <span className="w-20 shrink-0 text-right text-xs text-slate-600 tabular-nums">{formatMoney(value, currency)}</span>
    </div>
  );
}

function Key({ className, label }: { className: string; label: string }) {
  return (
    <span className="flex items-center gap-1.5">
      <span className={`h-2.5 w-4 rounded-sm ${className}`} aria-hidden="true" /> {label}
    </span>
  );
}
