// The shell's observable state, mirrored on window.__playloop for tests and
// debugging (state, run, view, ...), and on <html data-state> for CSS.
import type { CommandResponse, GameRun, GameView, WheelSpin } from "../shared/types";

export type ShellState = "booting" | "lobby" | "playing" | "animating" | "result" | "wheel" | "spinning";

export type Hook = {
  state: ShellState;
  run: GameRun | null;
  view: GameView | null;
  release: string;
  mechanic: string | null;
  lastResponse: CommandResponse | null;
  error: string | null;
  /** The last wheel spin shown. */
  spin: WheelSpin | null;
  /** Screens whose answer came after a newer navigation began, and were not shown (main.ts). */
  superseded: number;
};

export function createHook(release: string): Hook {
  const hook: Hook = { state: "booting", run: null, view: null, release, mechanic: null, lastResponse: null, error: null, spin: null, superseded: 0 };
  (window as unknown as { __playloop: Hook }).__playloop = hook;
  return hook;
}

export function setState(hook: Hook, s: ShellState): void {
  hook.state = s;
  document.documentElement.setAttribute("data-state", s);
}
