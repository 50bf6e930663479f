"use client";

import { useEffect, useState } from "react";
import { isHex } from "@/app/_lib/color";

/**
 * The player's first screen as the server renders it for this project (GET
 * /v1/admin/widget-preview, authenticated by the admin cookie), with the colour being edited
 * applied before it is saved. The colour is debounced so typing does not reload on every key.
 */
export function WidgetPreviewFrame({ projectId, color, fallback }: { projectId: string; color: string; fallback: string }) {
  const wanted = isHex(color) ? color : fallback;
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    const t = setTimeout(() => setShown(wanted), 350);
    return () => clearTimeout(t);
  }, [wanted]);
  const src = `/v1/admin/widget-preview?project_id=${encodeURIComponent(projectId)}&mode=preview&primary_color=${encodeURIComponent(shown)}`;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
      <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-2 text-xs text-slate-500">
        <span className="font-medium text-slate-700">What players see first</span>
        <span className="font-mono">{shown}</span>
      </div>
      <iframe title="Widget preview" src={src} className="block h-[700px] w-full" data-testid="widget-preview-frame" />
    </div>
  );
}
