"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { ConfirmButton } from "@/app/_components/ConfirmButton";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";
import type { TProject } from "../use-project";
import { BG, coverCrop, describeDimensionProblem, describeFileProblem, resetBackground, uploadBackground } from "./background-upload";

type TSlot = TProject["backgrounds"][number];
type TPicked = { file: File; src: string; w: number; h: number };

/** A phone-shaped frame showing what the player will see: the image covering the 840×1520 screen. */
function PhoneFrame({ src, testId }: { src: string | null; testId: string }) {
  return (
    <div className="mx-auto w-[132px] shrink-0 rounded-[22px] border-[5px] border-slate-800 bg-slate-800 shadow-md" data-testid={testId}>
      <div className="relative overflow-hidden rounded-[16px] bg-gradient-to-b from-violet-50 to-sky-50" style={{ aspectRatio: `${BG.outW} / ${BG.outH}` }}>
        {src && <img src={src} alt="" className="absolute inset-0 h-full w-full object-cover" />}
        {/* the shell's scrim and a sketch of the lobby on top, so contrast can be judged */}
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-white/55 p-3">
          <div className="h-2 w-16 rounded-full bg-slate-700/70" />
          <div className="h-10 w-full rounded-lg bg-white/90 shadow-sm" />
          <div className="h-4 w-20 rounded-full bg-brand-600" />
        </div>
      </div>
    </div>
  );
}

/** The whole picked image with the part the server keeps (centred cover crop) outlined. */
function CropGuide({ picked }: { picked: TPicked }) {
  const c = coverCrop(picked.w, picked.h);
  // Fit the whole photo in a 112 px square, keeping its shape.
  const box = picked.w >= picked.h ? { width: 112, height: (112 * picked.h) / picked.w } : { width: (112 * picked.w) / picked.h, height: 112 };
  return (
    <figure className="flex items-center gap-3">
      <div className="relative shrink-0 overflow-hidden rounded-md bg-slate-100" style={box}>
        <img src={picked.src} alt="The picked image" className="absolute inset-0 h-full w-full" />
        <div
          className="absolute rounded-sm border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.55)]"
          style={{ left: `${c.left * 100}%`, top: `${c.top * 100}%`, width: `${c.width * 100}%`, height: `${c.height * 100}%` }}
        />
      </div>
      <figcaption className="text-xs text-slate-500">
        Your photo, {picked.w}×{picked.h}. The outlined part is what players would see; the rest is cropped away.
      </figcaption>
    </figure>
  );
}

function readDimensions(file: File): Promise<TPicked | null> {
  const src = URL.createObjectURL(file);
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ file, src, w: img.naturalWidth, h: img.naturalHeight });
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

function SlotCard({ projectId, slot, title, current }: { projectId: string; slot: TSlot; title: string; current: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<TPicked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [resetting, setResetting] = useState(false);
  const [dragging, setDragging] = useState(false);
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked.src)), [picked]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.projects.get.queryKey({ project_id: projectId }) });

  async function take(file: File | undefined) {
    if (!file) return;
    setError(null);
    const fileProblem = describeFileProblem(file);
    if (fileProblem) return setError(fileProblem);
    const dims = await readDimensions(file);
    // A file the browser cannot show may still be one the server reads: let the server decide then.
    const problem = dims ? describeDimensionProblem(dims.w, dims.h) : null;
    setPicked(dims);
    if (problem) return setError(problem);
    setProgress(0);
    try {
      await uploadBackground(projectId, slot.slot, file, setProgress);
      await refresh();
      setPicked(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : "The upload failed.");
    } finally {
      setProgress(null);
    }
  }

  async function reset() {
    setResetting(true);
    setError(null);
    try {
      await resetBackground(projectId, slot.slot);
      await refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Reset failed.");
    } finally {
      setResetting(false);
    }
  }

  const uploading = progress !== null;
  return (
    <div className="rounded-lg border border-slate-200 p-4" data-testid={`background-${slot.slot}`}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {title} {current && <Badge tone="green">Current game</Badge>}
        </h3>
        {slot.url ? <Badge tone="green">Custom</Badge> : <Badge>Default</Badge>}
      </div>
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex justify-center sm:items-start">
          <PhoneFrame src={picked && !error ? picked.src : slot.url} testId={`background-preview-${slot.slot}`} />
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <button
            type="button"
            onClick={() => input.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              void take(e.dataTransfer.files[0]);
            }}
            disabled={uploading}
            className={cx(
              "flex w-full flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition",
              dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 hover:border-brand-400 hover:bg-slate-50",
            )}
          >
            <span className="font-medium text-slate-700">{uploading ? "Uploading…" : "Drop a photo here or click to choose"}</span>
            <span className="mt-1 text-xs text-slate-500">Portrait PNG, JPEG or WebP, up to 5 MiB, at least 420×760</span>
          </button>
          <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" tabIndex={-1} aria-label={`Background photo for ${title}`} data-testid={`background-file-${slot.slot}`} onChange={(e) => void take(e.target.files?.[0]).finally(() => (e.target.value = ""))} />
          {uploading && (
            <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuenow={Math.round(progress * 100)} aria-label="Upload progress">
              <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${Math.max(5, progress * 100)}%` }} />
            </div>
          )}
          {picked && <CropGuide picked={picked} />}
          {error && (
            <Alert tone="error" title="This image can't be used">
              {error}
            </Alert>
          )}
          <p className="text-xs text-slate-500">
            Shown at {BG.outW}×{BG.outH}, cropped from the centre: keep faces and logos in the middle. A light veil keeps text readable.
            {slot.original && ` Current: ${slot.original.format.toUpperCase()} ${slot.original.width}×${slot.original.height}.`}
          </p>
          {slot.url && <ConfirmButton label="Reset to default" confirmLabel="Yes, reset" prompt="Remove this background?" loading={resetting} onConfirm={() => void reset()} data-testid={`background-reset-${slot.slot}`} />}
        </div>
      </div>
    </div>
  );
}

/** Backgrounds per slot: the lobby and each game, uploaded from the console (cookie session). */
export function BackgroundsCard({ project, titles }: { project: TProject; titles: Record<string, string> }) {
  const selected = project.play_mechanic;
  const slots = [...project.backgrounds].sort((a, b) => rank(a.slot) - rank(b.slot));
  function rank(slot: string) {
    return slot === "lobby" ? 0 : slot === selected ? 1 : 2;
  }
  return (
    <Card>
      <CardHeader title="Backgrounds" description="A photo behind the lobby and behind each game's board. Players see a change on their next widget load." />
      <CardBody className="space-y-4">
        {!selected && <Alert tone="info">Select a game above to see its background in play; the lobby background shows either way.</Alert>}
        <div className="grid gap-4 xl:grid-cols-2">
          {slots.map((s) => (
            <SlotCard key={s.slot} projectId={project.project_id} slot={s} title={s.slot === "lobby" ? "Lobby" : (titles[s.slot] ?? s.slot)} current={s.slot === selected} />
          ))}
        </div>
      </CardBody>
    </Card>
  );
}
