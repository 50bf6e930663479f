import { sliceColor } from "./labels";
import { formatCount, formatShare } from "./money";
import type { TSimulation } from "./types";

type TRow = TSimulation["distribution"][number];

/** A step for the grid lines: 5, 10, 20 or 25 percentage points, about four lines across. */
function gridStep(max: number): number {
  for (const step of [0.05, 0.1, 0.2, 0.25]) if (max / step <= 5) return step;
  return 0.25;
}

/** A difference in percentage points: "+0.3", "−1.2", "±0.0" when it rounds to nothing. */
function signedPoints(diff: number): string {
  const shown = Math.abs(diff).toFixed(1);
  return shown === "0.0" ? "±0.0" : `${diff > 0 ? "+" : "−"}${shown}`;
}

/**
 * Expected against simulated share per segment, one bar each: the bar is the simulated share, the
 * dark tick where the weights say it should end. Ten thousand draws land within about a point.
 */
export function ShareChart({ rows, draws }: { rows: TRow[]; draws: number }) {
  const max = Math.max(0.05, ...rows.flatMap((r) => [r.share, r.expected_share]));
  const step = gridStep(max);
  const scale = Math.ceil((max * 1.04) / step) * step;
  const x = (share: number) => `${Math.min(100, (share / scale) * 100).toFixed(2)}%`;
  const lines = Array.from({ length: Math.floor(scale / step + 1e-9) + 1 }, (_, i) => i * step);

  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">Share of {formatCount(draws)} spins by segment</span>
        <span className="flex items-center gap-4 text-xs text-slate-500">
          <span className="flex items-center gap-1.5">
            <span className="h-2.5 w-5 rounded-sm bg-linear-to-r from-indigo-500 via-amber-500 to-emerald-500" aria-hidden="true" /> Simulated
          </span>
          <span className="flex items-center gap-1.5">
            <span className="h-3.5 w-0.5 bg-slate-900" aria-hidden="true" /> Expected from weights
          </span>
        </span>
      </figcaption>
      <ul className="space-y-2.5" data-testid="share-chart">
        {rows.map((r, i) => {
          const diff = (r.share - r.expected_share) * 100;
          return (
            <li key={r.segment_id} className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] items-center gap-x-3 gap-y-0.5 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_10.5rem]" data-testid="sim-row">
              <span className="truncate text-sm text-slate-700" title={r.label}>
                {r.label}
              </span>
              <svg className="h-6 w-full overflow-visible" role="img" aria-label={`${r.label}: ${formatShare(r.share)} simulated, ${formatShare(r.expected_share)} expected`}>
                {lines.map((l) => (
                  <line key={l} x1={x(l)} x2={x(l)} y1="0" y2="100%" stroke="#e2e8f0" strokeWidth={1} />
                ))}
                <rect x="0" y="20%" width={x(r.share)} height="60%" rx="3" fill={sliceColor(i)} />
                <line x1={x(r.expected_share)} x2={x(r.expected_share)} y1="0" y2="100%" stroke="#0f172a" strokeWidth={2.5} />
              </svg>
              <span className="col-start-2 text-xs text-slate-500 tabular-nums sm:col-start-auto sm:text-right">
                <span className="font-semibold text-slate-900" data-testid="sim-share">
                  {formatShare(r.share)}
                </span>{" "}
                vs {formatShare(r.expected_share)}
                <span className={Math.abs(diff) >= 1 ? "text-amber-700" : "text-slate-500"}> ({signedPoints(diff)})</span>
                <span className="block text-slate-500">{formatCount(r.count)} spins</span>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_10.5rem]" aria-hidden="true">
        <span />
        <div className="relative h-4 text-[10px] text-slate-500 tabular-nums">
          {lines.map((l) => (
            <span key={l} className="absolute -translate-x-1/2" style={{ left: x(l) }}>
              {Math.round(l * 100)}%
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
