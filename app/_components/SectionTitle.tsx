/** A titled section inside an editor card: heading, optional hint and an optional count on the right. */
export function SectionTitle({ id, title, hint, count }: { id: string; title: string; hint?: React.ReactNode; count?: string }) {
  return (
    <div className="flex items-end justify-between gap-4">
      <div>
        <h3 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
      </div>
      {count && <span className="shrink-0 text-xs text-slate-500 tabular-nums">{count}</span>}
    </div>
  );
}
