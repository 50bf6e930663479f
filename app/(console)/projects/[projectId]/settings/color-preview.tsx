import { Badge } from "@/app/_components/Badge";
import { contrast, isHex, textOn } from "@/app/_lib/color";
import { deriveAccent } from "@/server/lib/color";

/**
 * Live preview of both brand colours as the admin types: the primary, and the accent players see,
 * derived from it by the same function the server applies on save (darkened until white text on
 * it meets WCAG AA). While the typed colour is not valid yet, the saved one is shown.
 */
export function ColorPreview({ primary, savedPrimary }: { primary: string; savedPrimary: string }) {
  const valid = isHex(primary);
  const color = valid ? primary : savedPrimary;
  const ratio = contrast(color, "#ffffff");
  const accent = deriveAccent(color).accent;
  const accentRatio = contrast(accent, "#ffffff");

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200" data-testid="color-preview">
      <div className="grid grid-cols-2">
        <Swatch label="Primary" hex={color} testId="preview-primary" />
        <Swatch label="Accent (derived)" hex={accent} testId="preview-accent" />
      </div>
      <div className="space-y-3 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">White text on primary</span>
          <span className="font-mono text-slate-800">{ratio.toFixed(2)}:1</span>
          <Badge tone={ratio >= 4.5 ? "green" : "amber"}>{ratio >= 4.5 ? "AA" : "Below AA"}</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">White text on accent</span>
          <span className="font-mono text-slate-800">{accentRatio.toFixed(2)}:1</span>
          <Badge tone={accentRatio >= 4.5 ? "green" : "amber"}>{accentRatio >= 4.5 ? "AA" : "Below AA"}</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
          <span className="rounded-lg px-4 py-2 text-sm font-semibold text-white shadow-sm" style={{ backgroundColor: accent }}>
            Play now
          </span>
          <span className="rounded-full border-2 px-3 py-1 text-xs font-semibold" style={{ borderColor: color, color: contrast(color, "#ffffff") > 3 ? color : "#0f172a" }}>
            +50 points
          </span>
        </div>
      </div>
    </div>
  );
}

function Swatch({ label, hex, testId }: { label: string; hex: string; testId: string }) {
  return (
    <div className="flex h-24 flex-col justify-end p-3" style={{ backgroundColor: hex, color: textOn(hex) }} data-testid={testId}>
      <span className="text-xs font-medium">{label}</span>
      <span className="font-mono text-sm font-semibold">{hex}</span>
    </div>
  );
}
