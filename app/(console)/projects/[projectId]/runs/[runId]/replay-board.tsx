"use client";

import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";

/** What the replay page (client/shell/replay.ts) offers its parent on the same origin. */
type TReplayPage = { load(run: unknown, frames: unknown[]): Promise<void>; show(count: number, animate?: boolean): Promise<void> };
export type TReplayBoard = { show(count: number, animate: boolean): Promise<void> };

/**
 * The game's own renderer, read-only, in the play shell's replay page: it is loaded with the dealt
 * board and the stored answers, then told which move to show. Same origin as the console, so the
 * console calls the page's script directly; the page itself holds no data and takes no input.
 */
export function ReplayBoard({ run, frames, ref, onReady }: { run: unknown; frames: unknown[]; ref: Ref<TReplayBoard>; onReady: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const page = useRef<TReplayPage | null>(null);
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({ show: (count, animate) => page.current?.show(count, animate) ?? Promise.resolve() }), []);

  useEffect(() => {
    let stop = false;
    const el = frame.current;
    if (!el) return;
    const boot = async () => {
      // The page's script sets playloopReplay once it has run: wait for it (a few hundred ms at most).
      for (let i = 0; i < 100 && !stop; i++) {
        const api = (el.contentWindow as (Window & { playloopReplay?: TReplayPage }) | null)?.playloopReplay;
        if (api) {
          await api.load(run, frames);
          if (stop) return;
          page.current = api;
          onReady();
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!stop) setFailed(true);
    };
    el.addEventListener("load", () => void boot().catch(() => setFailed(true)), { once: true });
    return () => {
      stop = true;
    };
  }, [run, frames, onReady]);

  return (
    <div className="relative overflow-hidden rounded-xl bg-slate-100">
      <iframe ref={frame} src="/v1/play/replay" title="The run's board, replayed" className="block h-[28rem] w-full border-0 sm:h-[32rem]" data-testid="replay-frame" />
      {failed && <p className="absolute inset-0 grid place-items-center bg-white/90 p-6 text-center text-sm text-slate-600">The game&apos;s board could not be loaded. The moves are listed below.</p>}
    </div>
  );
}
