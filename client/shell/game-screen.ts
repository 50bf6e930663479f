// The game screen: HUD + one renderer + the command loop. Exactly one
// command is in flight at a time; its sequence is last sequence + 1 and it
// keeps its command_id across retries (also a manual "Retry" after the
// automatic ones gave up), so the server can answer a replay with the
// stored response. Refused commands consume a sequence like any other.
import { h } from "../shared/dom";
import { t } from "../shared/i18n";
import { motion, sampleFrames, wait } from "../shared/motion";
import type { CommandResponse, GameApi, GameModule, GameRun } from "../shared/types";
import { ApiError, type Api, type PendingCommand } from "./api";
import { createBoosterTray } from "./booster-tray";
import type { Economy, Owned } from "./economy";
import { howToPlay } from "./howto";
import { createHud } from "./hud";
import { createRefusal, refusalText } from "./refusal";
import { play } from "./sound";
import { setState, type Hook } from "./state";
import { report } from "./telemetry";
import type { Toast } from "./toast";
import { uuid } from "./uuid";

export type GameScreenOptions = {
  run: GameRun;
  mod: GameModule;
  title: string;
  api: Api;
  hook: Hook;
  toast: Toast;
  /** The player's wallet, when the project has an economy: boosters for this game appear under the board. */
  economy?: Economy | null;
  /** Leave to the lobby (the run stays resumable unless it ended). */
  onExit(): void;
  /** The run ended; resp is null when it ended elsewhere (found out on resync). */
  onFinished(run: GameRun, resp: CommandResponse | null): void;
};

const LOW_FPS = 30;
let fpsReported = false;

export function createGameScreen(o: GameScreenOptions): { el: HTMLElement; start(): void; destroy(): void } {
  const run: GameRun = { ...o.run };
  const hud = createHud(run, o.title, () => o.onExit());
  const refusal = createRefusal();
  const area = h("div", { class: "plq-game-area" }, refusal.el);
  const renderer = o.mod.create();
  const aim = h("div", { class: "plq-aim", role: "status", hidden: true },
    h("span", null, t("game.aim.prompt")),
    h("button", { type: "button", class: "plq-btn plq-btn-ghost plq-aim-cancel", "data-testid": "aim-cancel", onclick: () => renderer.cancelPick?.() }, t("game.aim.cancel")),
  );
  const tray = o.economy ? createBoosterTray({ mechanic: run.mechanic, economy: o.economy, toast: o.toast, use: (owned) => useBooster(owned), busy: () => busy || ended }) : null;
  // the aim prompt covers the tray while a booster waits for its target, so the board never moves
  tray?.el.appendChild(aim);
  const el = h("section", { class: "plq-screen plq-game", "data-mechanic": run.mechanic }, hud.el, area, tray?.el);
  let busy = false;
  let ended = false;
  let destroyed = false;
  let pending: PendingCommand | null = null;
  let queued: { action: string; payload: Record<string, unknown> } | null = null;
  // the tray waits for its booster command's answer (a failed send frees the tray; a manual retry still works)
  let boosterWaiter: ((accepted: boolean) => void) | null = null;

  function settleBooster(accepted: boolean): void {
    const done = boosterWaiter;
    boosterWaiter = null;
    done?.(accepted);
  }

  const tokenOf = (cmd: PendingCommand) => String(cmd.payload.effect_token ?? "");

  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape" && !aim.hidden) {
      e.preventDefault(); // used here: the panel stays open
      renderer.cancelPick?.();
    }
  };

  /** Plays an owned booster: aims it first when it needs a cell (the hammer), then sends it as the next command. */
  async function useBooster(owned: Owned): Promise<boolean> {
    if (busy || ended || destroyed) return false;
    const payload: Record<string, unknown> = { effect: owned.effect, effect_token: owned.effect_token };
    if (owned.effect === "hammer") {
      if (!renderer.pickCell) return false;
      aim.hidden = false;
      document.addEventListener("keydown", onKey);
      const cell = await renderer.pickCell();
      document.removeEventListener("keydown", onKey);
      aim.hidden = true;
      if (!cell || busy || ended || destroyed) return false;
      payload.cell = cell;
    }
    return new Promise<boolean>((done) => {
      boosterWaiter = done;
      send("booster", payload);
    });
  }

  const idle = () => {
    busy = false;
    if (!destroyed && !ended) setState(o.hook, "playing");
  };

  const gameApi: GameApi = {
    command(action, payload, opts) {
      if (ended || destroyed) return false;
      if (busy) {
        if (!opts?.queue) return false;
        queued = { action, payload };
        return true;
      }
      send(action, payload);
      return true;
    },
    busy: () => busy || ended,
  };

  function send(action: string, payload: Record<string, unknown>): void {
    busy = true;
    setState(o.hook, "animating");
    pending = { command_id: uuid(), sequence: run.sequence + 1, action, payload };
    void deliver(pending);
  }

  function checkFps(fps: number | null): void {
    if (fps === null || fps >= LOW_FPS) return;
    // slow device: shorten animations and drop decorative effects for the rest of the session
    motion.speed = 0.7;
    document.documentElement.classList.add("plq-low-fx");
    if (!fpsReported) {
      fpsReported = true;
      report(o.hook.release, "fps_low", Math.round(fps));
    }
  }

  async function deliver(cmd: PendingCommand): Promise<void> {
    let resp: CommandResponse;
    try {
      resp = await o.api.command(run.run_id, cmd);
    } catch (e) {
      if (!destroyed) await onError(e instanceof ApiError ? e : new ApiError(0, "network_error", String(e)), cmd);
      return;
    }
    if (destroyed) return;
    pending = null;
    o.toast.hide();
    run.sequence = Math.max(run.sequence, resp.sequence);
    run.status = resp.status;
    const before = typeof run.view.score === "number" ? run.view.score : 0;
    run.view = resp.view;
    o.hook.run = run;
    o.hook.view = resp.view;
    o.hook.lastResponse = resp;
    hud.update(resp.view);
    if (resp.status === "active") play(!resp.accepted ? "refused" : typeof resp.view.score === "number" && resp.view.score > before ? "score" : "move");
    // an accepted booster spent its token; a refused one (a hammer off the board) keeps it
    if (cmd.action === "booster") {
      if (resp.accepted) o.economy?.dropToken(tokenOf(cmd));
      settleBooster(resp.accepted);
    }
    if (!resp.accepted) refusal.show(refusalText(run.mechanic, resp.rejection_code));
    const frames = sampleFrames();
    try {
      await renderer.applyResponse(resp);
    } catch {
      renderer.reset(resp.view); // an animation bug must never block the game
    }
    checkFps(frames.stop());
    if (destroyed) return;
    if (resp.status !== "active") {
      ended = true;
      queued = null;
      await wait(300);
      if (!destroyed) o.onFinished(run, resp);
      return;
    }
    idle();
    const next = queued;
    queued = null;
    if (next) send(next.action, next.payload);
  }

  async function resync(): Promise<void> {
    try {
      const fresh = await o.api.getRun(run.run_id);
      if (destroyed) return;
      Object.assign(run, fresh);
      o.hook.run = run;
      o.hook.view = fresh.view;
      renderer.reset(fresh.view);
      hud.update(fresh.view);
      if (fresh.status !== "active") {
        ended = true;
        o.onFinished(run, null);
        return;
      }
      idle();
    } catch {
      o.toast.show(t("game.toast.connection_problem"), { label: t("game.toast.retry"), run: () => void resync() });
    }
  }

  async function onError(e: ApiError, cmd: PendingCommand): Promise<void> {
    report(o.hook.release, "command_error", e.status);
    queued = null;
    if (cmd.action === "booster") settleBooster(false);
    if (e.code === "effect_token_invalid") {
      // used elsewhere, expired or not for this game: it leaves the tray, the board is unchanged
      pending = null;
      o.economy?.dropToken(tokenOf(cmd));
      void o.economy?.refresh();
      o.toast.show(t("game.toast.booster_unusable"), undefined, 2500);
      idle();
      return;
    }
    if (e.code === "run_not_active" || e.status === 404) {
      ended = true;
      o.toast.show(t("game.toast.ended"));
      o.onExit();
      return;
    }
    if (e.code === "sequence_conflict") {
      pending = null;
      await resync();
      return;
    }
    if (e.status === 400 || e.status === 413 || e.status === 422) {
      // the server will never accept this command: drop it and show the last known board
      pending = null;
      renderer.reset(run.view);
      idle();
      return;
    }
    // still failing after automatic retries: keep the very same command for a manual retry
    o.toast.show(e.status === 429 ? t("game.toast.slow_down") : t("game.toast.move_safe"), {
      label: t("game.toast.retry"),
      run: () => {
        if (pending === cmd && !destroyed) void deliver(cmd);
      },
    });
  }

  return {
    el,
    start() {
      o.hook.run = run;
      o.hook.view = run.view;
      o.hook.mechanic = run.mechanic;
      renderer.mount(area, run, gameApi);
      setState(o.hook, "playing");
      // first run of this game on this device: explain it in one screen over the board
      const howto = run.sequence === 0 ? howToPlay(run.mechanic, () => undefined) : null;
      if (howto) el.appendChild(howto);
    },
    destroy() {
      destroyed = true;
      refusal.destroy();
      document.removeEventListener("keydown", onKey);
      settleBooster(false);
      tray?.destroy();
      hud.destroy();
      o.toast.hide();
      try {
        renderer.destroy();
      } catch {
        /* ignore */
      }
      el.remove();
    },
  };
}
