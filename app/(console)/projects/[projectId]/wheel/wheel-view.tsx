"use client";

import { useState } from "react";
import { SegmentedTabs } from "@/app/_components/SegmentedTabs";
import { WHEELS } from "./labels";
import { SettingsCard } from "./settings-card";
import { StatsCard } from "./stats-card";
import type { TDraftView, TWheelId } from "./types";
import { useWheelDraft } from "./use-wheel";
import { WheelWorkspace } from "./wheel-workspace";

export function WheelView() {
  const [wheelId, setWheelId] = useState<TWheelId>("daily");
  // A wheel's editor stays mounted once opened, so unsaved edits survive switching to the other.
  const [opened, setOpened] = useState<TWheelId[]>(["daily"]);
  const daily = useWheelDraft("daily");
  const site = useWheelDraft("site");
  const views = { daily: daily.data, site: site.data };
  const select = (id: TWheelId) => {
    setWheelId(id);
    setOpened((o) => (o.includes(id) ? o : [...o, id]));
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SegmentedTabs
          label="Wheels"
          panelId={(id) => `wheel-panel-${id}`}
          value={wheelId}
          onChange={select}
          options={WHEELS.map((w) => ({ value: w.id, label: w.name, detail: <WheelStatus view={views[w.id]} /> }))}
        />
        <p className="max-w-md text-xs text-slate-500 sm:text-right">{WHEELS.find((w) => w.id === wheelId)!.hint}. Edit the draft, simulate it, then publish: players only ever see a published version.</p>
      </div>
      {WHEELS.filter((w) => opened.includes(w.id)).map((w) => (
        <div key={w.id} id={`wheel-panel-${w.id}`} role="tabpanel" aria-label={w.name} hidden={w.id !== wheelId} className="space-y-6">
          <WheelWorkspace wheelId={w.id} />
          <StatsCard wheelId={w.id} />
        </div>
      ))}
      <SettingsCard />
    </div>
  );
}

/** "Version 2 · draft changed", "Not published". */
function WheelStatus({ view }: { view: TDraftView | undefined }) {
  if (!view) return <span className="inline-block h-3 w-24 animate-pulse rounded bg-slate-300/60" aria-label="Loading" />;
  if (view.published_version === null) return <span className="text-amber-800">Not published</span>;
  const changed = view.draft_hash !== view.published_draft_hash;
  return (
    <span>
      Version {view.published_version}
      {changed ? <span className="text-amber-800"> · draft changed</span> : <span className="text-emerald-700"> · up to date</span>}
    </span>
  );
}
