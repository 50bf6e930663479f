import { cx } from "@/app/_components/cx";

type TThresholds = { hold: number; review: number; reject: number };

/** The risk score on a 0–100 bar, coloured by the decision band it falls in, with the bands marked. */
export function RiskBar({ score, thresholds }: { score: number; thresholds: TThresholds | null }) {
  const t = thresholds ?? { hold: 30, review: 60, reject: 90 };
  const band = score >= t.reject ? "bg-red-600" : score >= t.review ? "bg-orange-500" : score >= t.hold ? "bg-amber-400" : "bg-emerald-500";
  return (
    <div className="w-full">
      <div className="flex items-baseline justify-between text-xs">
        <span className="text-slate-500">Risk</span>
        <span className="font-semibold text-slate-900 tabular-nums">{score}/100</span>
      </div>
      <div className="relative mt-1 h-2 rounded-full bg-slate-100" role="meter" aria-label="Risk score" aria-valuemin={0} aria-valuemax={100} aria-valuenow={score}>
        <div className={cx("h-full rounded-full", band)} style={{ width: `${Math.max(2, Math.min(100, score))}%` }} />
        {[t.hold, t.review, t.reject].filter((x) => x > 0 && x < 100).map((x) => (
          <span key={x} className="absolute top-[-2px] h-3 w-px bg-slate-400/70" style={{ left: `${x}%` }} aria-hidden="true" />
        ))}
      </div>
    </div>
  );
}
