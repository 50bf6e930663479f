// The console's "Watch the run" board: the game's own renderer, read-only, in a page of its own
// (GET /v1/play/replay, same origin as the console). The console loads the run's replay from the
// API and drives this page through `window.playloopReplay`: load the dealt board, then show the
// board after any number of stored commands — animated with the exact answer the player got when
// stepping forward by one, shown at once otherwise. Nothing here talks to the API or takes input.
import { h } from "../shared/dom";
import type { CommandResponse, GameRenderer, GameRun, GameView } from "../shared/types";
import { loadGame } from "./chunks";
import { readConfig } from "./config";
import { useLanguage } from "../shared/i18n";

type TFrame = { response: CommandResponse };

{
  const c = readConfig();
  useLanguage(c.lang, c.messages, c.dir);
}
const root = document.getElementById("playloop-root") ?? document.body.appendChild(h("div", { id: "playloop-root" }));
root.classList.add("plq-root");
/** Never sends: the board is the player's, replayed. */
const readOnly = { command: () => false, busy: () => true };

let renderer: GameRenderer | null = null;
let run: GameRun | null = null;
let frames: TFrame[] = [];
/** The count the console asked for last (the board reaches it when its animations end). */
let requested = 0;
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
  requested = 0;
  renderer = mod.create();
  renderer.mount(area, r, readOnly);
  document.documentElement.dataset.shown = "0";
}

/**
 * The board after `count` commands. One step past the last one asked for animates that command's
 * answer, after the animations before it; anything else (a jump, a step back) shows its board at
 * once, dropping what was animating, and the animations still queued are skipped.
 */
function show(count: number, animate = true): Promise<void> {
  if (!renderer || !run) return Promise.resolve();
  const target = Math.max(0, Math.min(frames.length, count));
  const id = ++latest;
  if (!animate || target !== requested + 1) {
    requested = target;
    renderer.reset(viewAfter(target));
    mark(target);
    return Promise.resolve();
  }
  requested = target;
  const board = renderer;
  queue = queue.then(async () => {
    if (id !== latest) return;
    await board.applyResponse(frames[target - 1]!.response);
    if (id === latest) mark(target);
  });
  return queue;
}

function mark(count: number): void {
  document.documentElement.dataset.shown = String(count);
}

(window as unknown as { playloopReplay: unknown }).playloopReplay = { load, show };
document.documentElement.dataset.replayReady = "1";
