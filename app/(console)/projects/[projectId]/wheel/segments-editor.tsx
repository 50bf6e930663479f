"use client";

import { Button } from "@/app/_components/Button";
import { awardedResource, liveWeights, newSegment, patchSegment, type TDraftForm, type TFormErrors } from "./draft-form";
import { MAX_SEGMENTS, MIN_SEGMENTS } from "./labels";
import { CellError, SegmentRow } from "./segment-row";
import { SectionTitle } from "@/app/_components/SectionTitle";
import type { TResource } from "./use-wheel";

type TProps = { prefix: string; form: TDraftForm; resources: TResource[]; errors: TFormErrors; onChange: (segments: TDraftForm["segments"]) => void };

/** The wheel's segments in wheel order (clockwise from the pointer), with each one's chance as typed. */
export function SegmentsEditor({ prefix, form, resources, errors, onChange }: TProps) {
  const segments = form.segments;
  const weights = liveWeights(form);
  const total = weights.reduce((a, b) => a + b, 0);
  const move = (i: number, step: -1 | 1) => {
    const next = [...segments];
    [next[i], next[i + step]] = [next[i + step]!, next[i]!];
    onChange(next);
  };
  return (
    <section aria-labelledby={`${prefix}-segments-title`} className="space-y-3">
      <SectionTitle
        id={`${prefix}-segments-title`}
        title="Segments"
        hint="Clockwise from the pointer. A segment's chance is its weight over all weights; weights stay secret from players. At least one segment must award nothing."
        count={`${segments.length} / ${MAX_SEGMENTS}`}
      />
      {/* Columns only where the editor itself is wide enough for them (a container query: beside the preview it is not) */}
      <div className="@container rounded-lg border border-slate-200" data-testid="segments">
        <div className="hidden grid-cols-[2.5rem_minmax(0,1fr)_10rem_5.5rem_5.5rem_4.25rem] gap-x-3 rounded-t-lg border-b border-slate-200 bg-slate-50 py-2 pr-3 pl-4 text-xs font-medium tracking-wide text-slate-500 uppercase @3xl:grid" aria-hidden="true">
          <span>Icon</span>
          <span>Label</span>
          <span>Award</span>
          <span className="text-right">Amount</span>
          <span className="text-right">Weight</span>
        </div>
        <ol className="divide-y divide-slate-100">
          {segments.map((s, i) => {
            const resource = awardedResource(s);
            return (
              <SegmentRow
                key={s.key}
                segment={s}
                index={i}
                count={segments.length}
                chance={total > 0 ? weights[i]! / total : 0}
                unitCost={resource ? form.costs[resource] : undefined}
                resources={resources}
                errors={errors}
                canRemove={segments.length > MIN_SEGMENTS}
                onChange={(patch) => onChange(patchSegment(form, s.key, patch))}
                onMove={(step) => move(i, step)}
                onRemove={() => onChange(segments.filter((x) => x.key !== s.key))}
              />
            );
          })}
        </ol>
      </div>
      <CellError message={errors.segments} />
      <Button variant="secondary" size="sm" disabled={segments.length >= MAX_SEGMENTS} onClick={() => onChange([...segments, newSegment(form, resources.map((r) => r.id))])}>
        + Add segment
      </Button>
    </section>
  );
}
