"use client";

import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Skeleton } from "@/app/_components/Spinner";
import { DraftEditor } from "./draft-editor";
import type { TSimulationState } from "./simulation-card";
import type { TNotice, TWheelId } from "./types";
import { useEconomyResources, useWheelDraft } from "./use-wheel";

/** What the page says about the last save or publish; kept here because a save re-seeds (remounts) the editor. */

/** One wheel: its draft editor with the preview, publishing and the simulation. */
export function WheelWorkspace({ wheelId }: { wheelId: TWheelId }) {
  const draft = useWheelDraft(wheelId);
  const resources = useEconomyResources(draft.data?.draft);
  const [notice, setNotice] = useState<TNotice>(null);
  const [simulation, setSimulation] = useState<TSimulationState>({ result: null, rate: "" });
  if (draft.error) return <ErrorAlert error={draft.error} showCode={false} />;
  if (!draft.data) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="h-[40rem] rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  }
  const view = draft.data;
  return (
    <DraftEditor
      // A new saved draft (this admin's save, or someone else's seen after a stale publish) starts the form afresh.
      key={`${view.draft_hash}:${view.updated_at}`}
      wheelId={wheelId}
      view={view}
      resources={resources}
      notice={notice}
      onNotice={setNotice}
      simulation={simulation}
      onSimulation={setSimulation}
    />
  );
}
