// Play shell entry. Boot: read the inline config, tell the parent page we are
// ready, wait for the session token by postMessage, then show the lobby.
// Screens: lobby -> game (HUD + renderer) -> result overlay -> lobby/next.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { h } from "../shared/dom";
import type { TCompiledCatalogue } from "@/i18n/messages";
import { gameTitle, language, spokenLanguage, t, useLanguage } from "../shared/i18n";
import { animate } from "../shared/motion";
import type { CommandResponse, GameModule, GameRun, Lobby } from "../shared/types";
import { ApiError, createApi, type StartBody } from "./api";
import { announceReady, onBootstrap, onSetLanguage, requestAuth, requestClose, resolveParentOrigin, runFinished, setParentOrigin } from "./bridge";
import { loadGame, prefetchGame } from "./chunks";
import { readConfig } from "./config";
import { createEconomy } from "./economy";
import { walletBar } from "./economy-view";
import { createGameScreen } from "./game-screen";
import { renderLobby, renderMessage } from "./lobby";
import { renderResult, rewardLine, winRewardText } from "./result";
import { defaultSignInText, isAnonymousToken } from "./session";
import { play, soundToggle } from "./sound";
import { createHook, setState } from "./state";
import { initTelemetry, report } from "./telemetry";
import { applyAccent, applyBackground } from "./theme";
import { createToast } from "./toast";
import { createWheelScreen } from "./wheel-screen";
import { uuid } from "./uuid";

const config = readConfig();
// The language the server chose for this player, with its catalogue: the first paint speaks it.
useLanguage(config.lang, config.messages, config.dir);
const hook = createHook(config.release);
const root = document.getElementById("playloop-root") ?? document.body.appendChild(h("div", { id: "playloop-root" }));
root.classList.add("plq-root");
const toast = createToast(root);

let tokenWaiters: ((ok: boolean) => void)[] = [];
/** What the shell knows of its session for wording (the server decides everything); signInText: the site's own words, null for ours. */
const session: { anonymous: boolean; signInText: string | null } = { anonymous: false, signInText: null };
const api = createApi({
  base: config.api_base,
  release: config.release,
  refreshToken: () =>
    new Promise<boolean>((resolve) => {
      tokenWaiters.push(resolve);
      requestAuth();
      setTimeout(() => resolve(false), 10_000);
    }),
});
initTelemetry((body) => api.telemetry(body));
const economy = createEconomy(api);

let lobby: Lobby | null = null;
let current: { el: HTMLElement; destroy?: () => void } | null = null;
let overlay: HTMLElement | null = null;
let starting = false;

/** Replaces the visible screen with a short fade, destroying the previous one. */
function show(el: HTMLElement, destroy?: () => void): void {
  overlay?.remove();
  overlay = null;
  if (current) {
    if (current.destroy) current.destroy();
    else current.el.remove();
  }
  current = { el, destroy };
  root.appendChild(el);
  void animate(el, [{ opacity: 0, transform: "translateY(8px)" }, { opacity: 1, transform: "none" }], 220, { easing: "ease-out" });
}

function fail(text: string, retry: () => void, status: number): void {
  hook.error = text;
  report(config.release, "load_error", status);
  show(renderMessage(text, retry));
}

/**
 * Screens wait for the network before they show, so two navigations can overlap: a player opens
 * the wheel while the host page's language switch is still reading the lobby. The one begun last
 * wins: each takes a ticket as it begins, and an answer that arrives after a newer ticket was
 * taken shows nothing (hook.superseded counts them). A redraw of the lobby in a new language takes
 * no ticket and yields to every navigation: it shows only while the lobby is still on screen.
 */
let navigation = 0;
function superseded(ticket: number, redraw = false): boolean {
  if (ticket === navigation && (!redraw || hook.state === "lobby")) return false;
  hook.superseded++;
  return true;
}

/** Shows the lobby; `redraw`: the one on screen again (a language switch), unless the player has moved on meanwhile. */
async function openLobby(redraw = false): Promise<void> {
  const ticket = redraw ? navigation : ++navigation;
  hook.run = null;
  hook.view = null;
  if (!current) show(renderMessage(t("shell.loading_games")));
  // the wallet loads beside the lobby and never delays it (a project without an economy has none)
  void economy.refresh();
  let read: Lobby;
  try {
    read = await api.lobby();
  } catch (e) {
    // a redraw that fails leaves the lobby on screen as it is
    if (!redraw && !superseded(ticket)) fail(t("shell.lobby_failed"), () => void openLobby(), e instanceof ApiError ? e.status : 0);
    return;
  }
  if (superseded(ticket, redraw)) return;
  lobby = read;
  hook.error = null;
  applyAccent(lobby.theme?.accent);
  if (lobby.entry_mode === "wheel_only") {
    // the wheel is the whole experience: no games, no way "back"
    if (lobby.wheel?.enabled && lobby.wheel.wheel_id) void openWheel(lobby.wheel.wheel_id, false);
    else show(renderMessage(t("shell.wheel_closed")));
    return;
  }
  if (lobby.play.available) prefetchGame(lobby.play.mechanic);
  const screen = renderLobby(lobby, {
    play: () => void start({ intent: "next" }),
    resume: (id) => void start({ resume: id }),
    startOver: () => void start({ intent: "next", replace_active: true }),
    wheel: () => lobby?.wheel?.wheel_id && void openWheel(lobby.wheel.wheel_id, true),
    freePlay: config.free_play,
    signInText: !config.free_play && session.anonymous ? (session.signInText ?? defaultSignInText()) : null,
  });
  const wallet = walletBar(economy);
  const sound = soundToggle();
  screen.prepend(h("div", { class: "plq-lobby-top" }, sound.el, wallet.el));
  show(screen, () => {
    wallet.destroy();
    sound.destroy();
    screen.remove();
  });
  setState(hook, "lobby");
}

/**
 * The wheel speaks the language its rules are written in (GET /v1/wheel `rules.lang`: the shell's
 * own when the site wrote rules in it, else the rules' language): the rules are legal text, so a
 * screen in one language beside rules in another is never shown. Leaving the wheel speaks the
 * shell's language again (unless the host page switched language meanwhile).
 */
async function openWheel(wheelId: "daily" | "site", canGoBack: boolean): Promise<void> {
  if (openingWheel) return;
  openingWheel = true;
  const ticket = ++navigation;
  const info = await api.wheel(wheelId).catch(() => null);
  const rules = info && info.rules.lang !== language() ? await fetchLanguage(info.rules.lang, "") : null;
  openingWheel = false;
  if (superseded(ticket)) return;
  let restore: (() => void) | null = null;
  if (info && rules && rules.lang === info.rules.lang) {
    const before = spokenLanguage();
    speak(rules.lang, rules.messages, rules.dir);
    restore = () => {
      if (language() === rules.lang) speak(before.lang, before.catalogue, before.dir);
    };
  }
  // the shell's language again before the lobby is read and drawn (its words and play.title follow it)
  const leave = () => {
    restore?.();
    restore = null;
  };
  const back = () => {
    leave();
    void openLobby();
  };
  const screen = createWheelScreen({ api, economy, toast, hook, wheelId, initial: info, onBack: canGoBack ? back : null, assetBase: config.api_base });
  show(screen.el, () => {
    screen.destroy();
    leave();
  });
  void screen.start();
}
let openingWheel = false;

type StartKind = { intent: "next"; replace_active?: boolean } | { level_number: number } | { resume: string };

const START_ERRORS: Record<string, TMessageKey> = {
  rate_limited: "shell.start_error.rate_limited",
  level_locked: "shell.start_error.level_locked",
  mechanic_mismatch: "shell.start_error.game_updated",
  unsupported_game_version: "shell.start_error.game_updated",
  mechanic_unavailable: "shell.start_error.game_unavailable",
};

async function start(kind: StartKind): Promise<void> {
  if (starting) return;
  starting = true;
  const ticket = ++navigation;
  for (const b of Array.from(root.querySelectorAll<HTMLButtonElement>(".plq-actions button"))) b.disabled = true;
  try {
    const mechanic = lobby?.play.mechanic ?? "";
    let mod: GameModule | null = mechanic ? await loadGame(mechanic) : null;
    let run: GameRun;
    if ("resume" in kind) run = await api.getRun(kind.resume);
    else {
      // one start_id per player action: automatic retries resend the same body, so no duplicate runs
      const body: StartBody = { start_id: uuid(), supported_game_versions: [mod ? mod.versions : [1, 1]], ...kind };
      if (mechanic) body.expected_mechanic = mechanic;
      run = await api.startRun(body);
    }
    // the player went elsewhere meanwhile: the run stays theirs to resume from the lobby
    if (superseded(ticket)) return;
    if (run.status !== "active") {
      toast.show(t("shell.run_ended"));
      await openLobby();
      return;
    }
    if (!mod || mod.mechanic !== run.mechanic) mod = await loadGame(run.mechanic);
    if (superseded(ticket)) return;
    playRun(run, mod);
  } catch (e) {
    if (superseded(ticket)) return; // nothing to say about a start the player left
    const err = e instanceof ApiError ? e : null;
    if (!err) report(config.release, "load_error", 0);
    toast.show(t((err && START_ERRORS[err.code]) || "shell.start_failed"));
    if (err && (err.code === "mechanic_mismatch" || err.code === "unsupported_game_version" || err.status === 404 || err.status === 409)) await openLobby();
    else for (const b of Array.from(root.querySelectorAll<HTMLButtonElement>(".plq-actions button"))) b.disabled = false;
  } finally {
    starting = false;
  }
}

function playRun(run: GameRun, mod: GameModule): void {
  const screen = createGameScreen({
    run,
    mod,
    title: gameTitle(lobby?.play.mechanic ?? null, lobby?.play.title ?? null),
    api,
    hook,
    toast,
    economy,
    onExit: () => void openLobby(),
    onFinished: (finished, resp) => showResult(finished, resp),
  });
  // The project's background for this game's slot, behind the board (the game itself is not restyled).
  if (lobby?.play.mechanic === run.mechanic) applyBackground(screen.el, lobby.assets?.game_background?.url);
  show(screen.el, () => screen.destroy());
  screen.start();
}

function showResult(run: GameRun, resp: CommandResponse | null): void {
  const score = typeof resp?.view.score === "number" ? resp.view.score : typeof run.view.score === "number" ? run.view.score : 0;
  runFinished({ run_id: run.run_id, status: run.status, level_number: run.level.number, score });
  play(run.status === "won" ? "win" : "lose");
  const replayLevel = run.level.number;
  overlay?.remove();
  const reward = rewardLine();
  overlay = renderResult(run, resp, {
    next: () => void start({ intent: "next" }),
    // a lost level is still the player's next level, so "next" retries it; a replay retries that level
    retry: () => void start(run.is_replay ? { level_number: replayLevel } : { intent: "next" }),
    lobby: () => void openLobby(),
  }, reward.el);
  root.appendChild(overlay);
  if (run.status === "won" && !config.free_play) void followReward(run.run_id, reward, overlay);
  void animate(overlay, [{ opacity: 0 }, { opacity: 1 }], 250);
  setState(hook, "result");
  (overlay.querySelector(".plq-btn-primary") as HTMLElement | null)?.focus();
}

/**
 * A win's reward, as the player may know it: an anonymous visitor learns how to earn one (the
 * site's words); a signed-in player sees the claim's real status, followed for a while as it moves
 * (on its way → sent). Nothing is said when the win earned no claim, nor why a reward was refused.
 */
async function followReward(runId: string, line: ReturnType<typeof rewardLine>, screen: HTMLElement): Promise<void> {
  if (session.anonymous) return line.say(session.signInText ?? defaultSignInText(), "sign_in");
  for (let i = 0; i < 12 && screen.isConnected; i++) {
    const reward = await api.rewardStatus(runId).catch(() => null);
    const status = reward?.status ?? null;
    if (status) line.say(winRewardText(status), status, reward?.message);
    if (status !== "pending" && status !== "checking" && status !== "delayed" && status !== null) return;
    await new Promise((r) => setTimeout(r, 1500));
  }
}

/**
 * The host page asked for another language (Playloop.setLanguage): its catalogue, negotiated
 * against the project's languages as the page was, and the lobby read again in it (its title
 * comes from the API in the shell's language). A game in play speaks it from its next words on.
 */
async function switchLanguage(lang: string, hostLang: string): Promise<void> {
  const c = await fetchLanguage(lang, hostLang);
  if (!c) return;
  speak(c.lang, c.messages, c.dir);
  if (hook.state === "lobby") void openLobby(true);
}

/** The shell speaks `lang` from now on; the wallet is read again in it (the names of Playloop's own resources and boosters follow it). */
function speak(lang: string, messages: TCompiledCatalogue, dir: "ltr" | "rtl"): void {
  useLanguage(lang, messages, dir);
  void economy.refresh();
}

/** A language's catalogue for this project (GET /v1/play/messages, negotiated as the play page was), or null. */
async function fetchLanguage(lang: string, hostLang: string): Promise<{ lang: string; dir: "ltr" | "rtl"; messages: TCompiledCatalogue } | null> {
  const q = new URLSearchParams({ project_id: config.project_id, lang, host_lang: hostLang });
  const res = await fetch(`${config.api_base}/v1/play/messages?${q.toString()}`, { credentials: "omit" }).catch(() => null);
  const c = (res && res.ok ? await res.json().catch(() => null) : null) as { lang?: unknown; dir?: unknown; messages?: unknown } | null;
  if (!c || typeof c.lang !== "string" || !c.messages || typeof c.messages !== "object") return null;
  return { lang: c.lang, dir: c.dir === "rtl" ? "rtl" : "ltr", messages: c.messages as TCompiledCatalogue };
}

// Escape that nothing in the shell used (a game's selection, an aimed booster) closes the widget panel.
window.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !e.defaultPrevented) requestClose();
});

// ---- boot
setState(hook, "booting");
show(renderMessage(t("shell.loading")));
let booted = false;
setParentOrigin(resolveParentOrigin(config.parent_origin));
const ready = announceReady(config.project_id);
onSetLanguage((lang, hostLang) => void switchLanguage(lang, hostLang));
onBootstrap((token, signInText) => {
  api.setToken(token);
  session.anonymous = isAnonymousToken(token);
  session.signInText = signInText ?? null;
  ready.stop();
  const waiters = tokenWaiters;
  tokenWaiters = [];
  for (const w of waiters) w(true);
  if (!booted) {
    booted = true;
    void openLobby();
  }
});
setTimeout(() => {
  if (!booted) show(renderMessage(t("shell.waiting_for_sign_in")));
}, 8000);
