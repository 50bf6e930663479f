"use client";

import { useState } from "react";
import { cx } from "@/app/_components/cx";
import { iconUrl, sliceColor } from "./labels";
import type { TWheelIcon } from "./types";

type TSlice = { key: string; label: string; icon: TWheelIcon; weight: number };

const R = 100;
const deg = (rad: number) => (rad * 180) / Math.PI;
/** A point on the rim; angle 0 is the pointer at the top, growing clockwise. */
const rim = (a: number, r = R) => [r * Math.sin(a), -r * Math.cos(a)] as const;

/**
 * The wheel as drawn from the editor's segments, live. Slices are sized by chance so the weights
 * can be judged by eye; players never see weights, so "As players see it" draws equal slices.
 */
export function WheelPreview({ slices }: { slices: TSlice[] }) {
  const [equal, setEqual] = useState(false);
  const weights = slices.map((s) => (equal ? 1 : s.weight));
  const total = weights.reduce((a, b) => a + b, 0);
  let start = 0;
  const drawn = slices.map((s, i) => {
    const span = total > 0 ? (weights[i]! / total) * 2 * Math.PI : 0;
    const slice = { ...s, index: i, start, span };
    start += span;
    return slice;
  });

  return (
    <div className="space-y-3">
      <div className="flex justify-center gap-1 text-xs" role="group" aria-label="Slice sizes">
        {[
          { on: false, label: "Sized by chance" },
          { on: true, label: "As players see it" },
        ].map((o) => (
          <button
            key={o.label}
            type="button"
            aria-pressed={equal === o.on}
            onClick={() => setEqual(o.on)}
            className={cx("rounded-full px-3 py-1 font-medium transition", equal === o.on ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100")}
          >
            {o.label}
          </button>
        ))}
      </div>
      <svg viewBox="-112 -122 224 234" className="mx-auto block w-full max-w-72" role="img" aria-label={`Wheel preview with ${slices.length} segments`} data-testid="wheel-preview">
        <circle r={R + 6} fill="#1e293b" />
        {total === 0 ? (
          <>
            <circle r={R} fill="#e2e8f0" />
            <text y={4} textAnchor="middle" fontSize={10} fill="#475569">
              All weights are 0
            </text>
          </>
        ) : (
          drawn.map(({ key, ...s }) => <Slice key={key} {...s} whole={s.span >= 2 * Math.PI - 1e-9} />)
        )}
        {/* Rim studs and the hub. */}
        {drawn.map((s) => {
          const [x, y] = rim(s.start, R + 3);
          return s.span > 0 ? <circle key={`stud-${s.key}`} cx={x} cy={y} r={1.6} fill="#f8fafc" /> : null;
        })}
        <circle r={14} fill="#f8fafc" stroke="#1e293b" strokeWidth={3} />
        <circle r={4} fill="#1e293b" />
        {/* The pointer, at the top. */}
        <path d="M-9 -118 L9 -118 L0 -98 Z" fill="#f43f5e" stroke="#fff" strokeWidth={2} strokeLinejoin="round" />
      </svg>
    </div>
  );
}

const TEXT_END = 72;
const HUB = 18;

/**
 * The largest font (at most 10) at which a label fits its slice: it runs from the icon toward the
 * hub, and where it ends nearest the centre the slice must still be as wide as the text is tall.
 * 0 when no readable size fits.
 */
function labelSize(text: string, span: number, min: number): number {
  for (let size = 10; size >= min; size -= 0.5) {
    const inner = TEXT_END - 0.6 * size * text.length;
    if (inner >= HUB && 2 * inner * Math.sin(Math.min(span, Math.PI) / 2) >= size * 1.15) return size;
  }
  return 0;
}

/** The label at a readable size, shortened with an ellipsis when the whole of it would be too small. */
function fitLabel(label: string, span: number): { text: string; size: number } {
  for (let n = label.length; n >= 4; n--) {
    const text = n === label.length ? label : `${label.slice(0, n - 1).trimEnd()}…`;
    const size = labelSize(text, span, 6);
    if (size > 0) return { text, size };
  }
  return { text: label, size: labelSize(label, span, 5) };
}

function Slice({ label, icon, index, start, span, whole }: Omit<TSlice, "key"> & { index: number; start: number; span: number; whole: boolean }) {
  if (span <= 0) return null;
  const [x0, y0] = rim(start);
  const [x1, y1] = rim(start + span);
  const path = whole ? null : `M0 0 L${x0.toFixed(2)} ${y0.toFixed(2)} A${R} ${R} 0 ${span > Math.PI ? 1 : 0} 1 ${x1.toFixed(2)} ${y1.toFixed(2)} Z`;
  // Text runs along the slice's middle radius, turned so it never reads upside down.
  const mid = start + span / 2;
  const turn = deg(mid) - 90;
  const flip = deg(mid) > 180;
  const iconSize = Math.max(0, Math.min(20, span * 70));
  const { text, size: fontSize } = fitLabel(label.trim(), span);
  return (
    <g>
      {path ? <path d={path} fill={sliceColor(index)} stroke="#fff" strokeWidth={1.2} /> : <circle r={R} fill={sliceColor(index)} />}
      <g transform={`rotate(${turn.toFixed(2)})`}>
        {iconSize >= 8 && (
          <>
            <circle cx={84} cy={0} r={iconSize / 2 + 1.5} fill="#fff" fillOpacity={0.92} />
            <image href={iconUrl(icon)} x={84 - iconSize * 0.4} y={-iconSize * 0.4} width={iconSize * 0.8} height={iconSize * 0.8} transform="rotate(90 84 0)" />
          </>
        )}
        {fontSize > 0 && text && (
          <text
            x={flip ? -TEXT_END : TEXT_END}
            y={0}
            transform={flip ? "rotate(180)" : undefined}
            textAnchor={flip ? "start" : "end"}
            dominantBaseline="central"
            fontSize={fontSize}
            fontWeight={600}
            fill="#fff"
            style={{ paintOrder: "stroke" }}
            stroke="rgba(15,23,42,0.35)"
            strokeWidth={1.5}
          >
            {text}
          </text>
        )}
      </g>
    </g>
  );
}
