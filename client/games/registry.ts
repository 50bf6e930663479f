// Renderers ship as separate classic-script chunks (games/<mechanic>.js) so a
// project only downloads the one game it runs. A chunk registers itself on a
// window-level table; the shell waits for it. A global is used instead of
// dynamic import() because the shell is an IIFE for old browsers.
import type { GameModule } from "../shared/types";

type Registry = { games: Record<string, GameModule>; waiters: Record<string, ((m: GameModule) => void)[]> };

function registry(): Registry {
  const w = window as unknown as { __playloopGames?: Registry };
  if (!w.__playloopGames) w.__playloopGames = { games: {}, waiters: {} };
  return w.__playloopGames;
}

/** @public — called by each game chunk's generated entry (scripts/build-play.ts). */
export function registerGame(mod: GameModule): void {
  const r = registry();
  r.games[mod.mechanic] = mod;
  const waiting = r.waiters[mod.mechanic] ?? [];
  delete r.waiters[mod.mechanic];
  for (const w of waiting) w(mod);
}

export function registeredGame(mechanic: string): GameModule | undefined {
  return registry().games[mechanic];
}

/** Resolves when the chunk for mechanic has registered (immediately if it already did). */
export function whenRegistered(mechanic: string): Promise<GameModule> {
  const found = registeredGame(mechanic);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const r = registry();
    (r.waiters[mechanic] ??= []).push(resolve);
  });
}
