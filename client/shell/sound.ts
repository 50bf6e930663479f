// Optional sound effects: short WebAudio blips synthesised on the spot (no files to download).
// Off by default; the player's choice persists in localStorage. Nothing is created until the
// player turns sound on (the AudioContext needs their gesture anyway).
import { h, svg } from "../shared/dom";
import { t } from "../shared/i18n";

export type TSoundKind = "move" | "refused" | "score" | "win" | "lose";

const KEY = "playloop_sound";
const NOTES: Record<TSoundKind, [freq: number, ms: number, type: OscillatorType][]> = {
  move: [[520, 60, "triangle"]],
  refused: [[180, 120, "square"]],
  score: [[660, 70, "triangle"], [880, 90, "triangle"]],
  win: [[523, 110, "triangle"], [659, 110, "triangle"], [784, 220, "triangle"]],
  lose: [[392, 160, "sine"], [311, 260, "sine"]],
};

let ctx: AudioContext | null = null;
const listeners = new Set<(on: boolean) => void>();

function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false; // storage blocked: sound stays off
  }
}

function setSound(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    /* the choice lasts this page view only */
  }
  if (on) play("move");
  for (const l of listeners) l(on);
}

export function play(kind: TSoundKind): void {
  if (!soundOn()) return;
  const AC = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AC) return;
  try {
    ctx ??= new AC();
    if (ctx.state === "suspended") void ctx.resume();
    let at = ctx.currentTime;
    for (const [freq, ms, type] of NOTES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + ms / 1000 + 0.02);
      at += ms / 1000;
    }
  } catch {
    /* audio is decoration: never break the game */
  }
}

const ON = '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';
const OFF = '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';

/** The mute toggle (a real switch button: its pressed state is the sound being on). */
export function soundToggle(): { el: HTMLElement; destroy(): void } {
  const btn = h("button", { type: "button", class: "plq-icon-btn plq-sound", "data-testid": "sound-toggle" }) as HTMLButtonElement;
  const render = (on: boolean) => {
    btn.setAttribute("aria-pressed", String(on));
    btn.setAttribute("aria-label", t(on ? "common.sound.on" : "common.sound.off"));
    btn.title = t(on ? "common.sound.on_hint" : "common.sound.off_hint");
    btn.replaceChildren(svg("0 0 24 24", on ? ON : OFF));
  };
  render(soundOn());
  btn.addEventListener("click", () => setSound(!soundOn()));
  listeners.add(render);
  return { el: btn, destroy: () => listeners.delete(render) };
}
