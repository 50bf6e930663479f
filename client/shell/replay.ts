// The console's "Watch the run" board: the game's own renderer, read-only, in a page of its own
// (GET /v1/play/replay, same origin as the console). The console loads the run's replay from the
// API and drives this page through `window.playloopReplay`: load the dealt board, then show the
// board after any number of stored commands — animated with the exact answer the player got when
// stepping forward by one, shown at once otherwise. Nothing here talks to the API or takes input.
import { h } from "../shared/dom";
import type { CommandResponse, GameRenderer, GameRun, GameView } from "../shared/types";
import { loadGame } from "./chunks";

type TFrame = { response: CommandResponse };

const root = document.getElementById("playloop-root") ?? document.body.appendChild(h("div", { id: "playloop-root" }));
root.classList.add("plq-root");
/** Never sends: the board is the player's, replayed. */
const readOnly = { command: () => false, busy: () => true };

let renderer: GameRenderer | null = null;
let run: GameRun | null = null;
let frames: TFrame[] = [];
let shown = 0;
let queue: Promise<void> = Promise.resolve();
/** The latest request: one still queued behind an animation is skipped when a newer one came (a jump lands at once). */
let latest = 0;

function viewAfter(count: number): GameView {
  return count === 0 ? run!.view : frames[count - 1]!.response.view;
}

async function load(r: GameRun, f: TFrame[]): Promise<void> {
  const mod = await loadGame(r.mechanic);
  renderer?.destroy();
  root.textContent = "";
  const area = h("div", { class: "plq-game-area plq-replay-area", "data-testid": "replay-board" });
  root.appendChild(h("section", { class: "plq-screen plq-game plq-replay", "data-mechanic": r.mechanic, inert: "" }, area));
  run = r;
  frames = f;
  shown = 0;
  renderer = mod.create();
  renderer.mount(area, r, readOnly);
  document.documentElement.dataset.shown = "0";
}

/** The board after `count` commands; one step forward animates that command's answer. */
function show(count: number, animate = true): Promise<void> {
  const id = ++latest;
  queue = queue.then(async () => {
    if (!renderer || !run || id !== latest) return;
    const target = Math.max(0, Math.min(frames.length, count));
    if (animate && target === shown + 1) await renderer.applyResponse(frames[target - 1]!.response);
    else renderer.reset(viewAfter(target));
    shown = target;
    document.documentElement.dataset.shown = String(target);
  });
  return queue;
}

(window as unknown as { playloopReplay: unknown }).playloopReplay = { load, show };
document.documentElement.dataset.replayReady = "1";
