// The prize wheel screen. The server decides every spin; the wheel only
// shows it: a press winds the wheel back while the request is in flight, then
// it turns five times and slows down onto the slice the server drew. The
// spin_id is chosen once per press, so a retried request can never spin twice.
// A spin the player has not seen yet (closed tab, lost answer) is shown again.
import { append, formatNumber, h, svg } from "../shared/dom";
import { animate, dur, wait } from "../shared/motion";
import type { WheelInfo, WheelSpin } from "../shared/types";
import { ApiError, type Api } from "./api";
import { confetti } from "./confetti";
import type { Economy } from "./economy";
import { resourceIcon, walletBar } from "./economy-view";
import { drawWheel } from "./wheel-art";
import { landingRotation, sliceDeg } from "./wheel-math";
import { setState, type Hook } from "./state";
import type { Toast } from "./toast";
import { uuid } from "./uuid";

export type WheelScreenOptions = {
  api: Api;
  economy: Economy;
  toast: Toast;
  hook: Hook;
  wheelId: "daily" | "site";
  /** Where the player came from; null when the wheel is the whole experience (wheel_only). */
  onBack: (() => void) | null;
  /** The API origin for icons ("" when the shell is served by the API). */
  assetBase: string;
};

const SPIN_MS = 4200;
const BACK =
  '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>';
const POINTER = '<path d="M20 34L6 8a16 16 0 0 1 28 0z" fill="#fff" stroke="#2a2158" stroke-width="3" stroke-linejoin="round"/><circle cx="20" cy="12" r="4" fill="var(--accent)"/>';

const SPIN_ERRORS: Record<string, string> = {
  insufficient_balance: "You need more tickets for another spin. Win games to earn some.",
  wheel_spins_exhausted: "That's all the spins for today. Come back tomorrow!",
  rate_limited: "Easy there! Try again in a moment.",
  forbidden: "Sign in on the site to spin the wheel.",
  wheel_config_missing: "The wheel is closed right now.",
  economy_disabled: "Spins with tickets are paused right now.",
};

function timeOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function awardText(spin: WheelSpin, economy: Economy): string {
  const a = spin.award;
  if (!a) return "No prize this time";
  const name = economy.resourceName(a.resource_id);
  return `${formatNumber(a.amount)} ${a.amount === 1 && name.endsWith("s") ? name.slice(0, -1) : name}`;
}

export function createWheelScreen(o: WheelScreenOptions): { el: HTMLElement; start(): Promise<void>; destroy(): void } {
  const wallet = walletBar(o.economy);
  const title = h("h1", { class: "plq-wheel-title" }, o.wheelId === "daily" ? "Daily wheel" : "Prize wheel");
  const back = o.onBack
    ? h("button", { type: "button", class: "plq-icon-btn", "aria-label": "Back to the games", "data-testid": "wheel-back", onclick: () => o.onBack?.() }, svg("0 0 24 24", BACK))
    : null;
  const rotor = h("div", { class: "plq-wheel-rotor", "data-testid": "wheel" });
  const stage = h("div", { class: "plq-wheel-stage" }, rotor, svg("0 0 40 40", POINTER, "plq-wheel-pointer"));
  const status = h("p", { class: "plq-wheel-status", "data-testid": "wheel-status", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "plq-btn plq-btn-primary plq-wheel-button", "data-testid": "wheel-spin", onclick: () => void spin() }, "Spin");
  const rules = h("details", { class: "plq-wheel-rules" });
  const el = h(
    "section",
    { class: "plq-screen plq-wheel-screen", "data-testid": "wheel-screen" },
    h("header", { class: "plq-wheel-head" }, back, title, wallet.el),
    stage,
    h("div", { class: "plq-wheel-controls" }, status, button),
    rules,
  );

  let info: WheelInfo | null = null;
  let rotation = 0;
  let spinning = false;
  let destroyed = false;
  let lastSpin: WheelSpin | null = null;
  let resultEl: HTMLElement | null = null;

  function setRotation(deg: number): void {
    rotation = deg;
    rotor.style.transform = `rotate(${deg}deg)`;
  }

  function render(): void {
    if (!info) return;
    const e = info.entitlement;
    let text: string;
    let label = "Spin";
    let can = true;
    if (e.free_spins_left > 0) {
      text = e.free_spins_left === 1 ? "You have a free spin today!" : `You have ${e.free_spins_left} free spins today!`;
      label = "Spin for free";
    } else if (e.paid_spins_left > 0) {
      const cost = `${formatNumber(e.ticket_cost)} ${e.ticket_cost === 1 ? "ticket" : "tickets"}`;
      text = `Free spins used. Spin again for ${cost} (you have ${formatNumber(o.economy.wallet() ? o.economy.balanceOf("tickets") : e.ticket_balance)}).`;
      label = `Spin for ${cost}`;
      can = (o.economy.wallet() ? o.economy.balanceOf("tickets") : e.ticket_balance) >= e.ticket_cost;
    } else {
      text = `That's all for today. New spins at ${timeOf(e.resets_at)}.`;
      can = false;
    }
    status.textContent = text;
    button.textContent = label;
    button.disabled = spinning || !can;
    button.classList.toggle("plq-btn-ghost", !can);
    button.classList.toggle("plq-btn-primary", can);
  }

  function renderRules(): void {
    if (!info) return;
    const org = info.rules.organizer;
    const f = info.fairness;
    rules.replaceChildren();
    append(rules, [
      h("summary", null, "Rules & fair play"),
      info.rules.text ? h("p", null, info.rules.text) : null,
      org.name ? h("p", { class: "plq-muted" }, `Organised by ${org.name}${org.address ? `, ${org.address}` : ""}${org.contact ? ` · ${org.contact}` : ""}`) : null,
      h("p", { class: "plq-muted" }, "Every spin is fixed before you press: your next spin uses the secret seed whose fingerprint is below, revealed after the spin so anyone can check it."),
      h("p", { class: "plq-wheel-hash" }, h("span", null, "Next seed fingerprint"), h("code", { "data-testid": "wheel-commitment" }, f.next_server_seed_hash)),
      lastSpin
        ? h("p", { class: "plq-wheel-hash" }, h("span", null, "Last spin's seed"), h("code", { "data-testid": "wheel-revealed-seed" }, lastSpin.fairness.server_seed))
        : null,
    ]);
  }

  function draw(): void {
    if (!info) return;
    rotor.replaceChildren(drawWheel(info.segments, o.assetBase));
  }

  async function load(): Promise<boolean> {
    try {
      info = await o.api.wheel(o.wheelId);
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "";
      status.textContent = SPIN_ERRORS[code] ?? "We couldn't load the wheel. Check your connection and try again.";
      button.disabled = true;
      return false;
    }
    draw();
    render();
    renderRules();
    return true;
  }

  function showResult(s: WheelSpin, earlier: boolean): void {
    resultEl?.remove();
    const won = !!s.award;
    const card = h(
      "div",
      { class: "plq-card plq-result-card plq-wheel-result", role: "dialog", "aria-modal": "true", "aria-labelledby": "plq-wheel-result-title" },
      won ? resourceIcon(s.award!.resource_id, "plq-result-icon") : /^\/v1\/game-assets\/wheel\/icons\/[a-z_]+\.svg$/.test(s.segment.icon_url) ? h("img", { class: "plq-result-icon", src: o.assetBase + s.segment.icon_url, alt: "" }) : null,
      h("h2", { id: "plq-wheel-result-title" }, won ? `You won ${awardText(s, o.economy)}!` : "No prize this time"),
      h("p", { class: "plq-muted" }, earlier ? "From your last spin." : won ? "It's in your balance already." : "Better luck on the next spin."),
      h("div", { class: "plq-actions" }, h("button", { type: "button", class: "plq-btn plq-btn-primary", "data-testid": "wheel-result-ok", onclick: () => closeResult() }, won ? "Collect" : "OK")),
    );
    resultEl = h("section", { class: `plq-screen plq-result ${won ? "is-won" : "is-lost"}`, "data-testid": "wheel-result", "data-award": won ? `${s.award!.resource_id}:${s.award!.amount}` : "none" }, card);
    el.appendChild(resultEl);
    void animate(resultEl, [{ opacity: 0 }, { opacity: 1 }], 250);
    if (won) requestAnimationFrame(() => resultEl && confetti(resultEl, 40));
    (card.querySelector("button") as HTMLElement | null)?.focus();
    setState(o.hook, "result");
    // shown: no longer pending (idempotent on the server, so a lost answer is harmless)
    if (!s.seen) o.api.seen(s.spin_id).catch(() => undefined);
  }

  function closeResult(): void {
    resultEl?.remove();
    resultEl = null;
    setState(o.hook, "wheel");
    button.focus();
  }

  async function spin(): Promise<void> {
    if (!info || spinning) return;
    spinning = true;
    render();
    setState(o.hook, "spinning");
    const from = rotation;
    // wind back a little while the server draws
    setRotation(from - sliceDeg(info.segments.length) * 0.4);
    const windUp = animate(rotor, [{ transform: `rotate(${from}deg)` }, { transform: rotor.style.transform }], 260, { easing: "ease-out" });
    let result: WheelSpin;
    try {
      result = await o.api.spin({ spin_id: uuid(), wheel_id: o.wheelId, wheel_version: info.version, source: o.onBack ? "lobby" : "wheel_only" });
    } catch (e) {
      await windUp;
      setRotation(from);
      spinning = false;
      setState(o.hook, "wheel");
      const code = e instanceof ApiError ? e.code : "";
      if (code === "wheel_version_stale") o.toast.show("The wheel was just updated. Here is the new one!");
      else o.toast.show(SPIN_ERRORS[code] ?? "The wheel didn't spin. Please try again.");
      if (!destroyed) await load();
      return;
    }
    await windUp;
    if (destroyed) return;
    o.hook.spin = result;
    lastSpin = result;
    // land inside the slice, a little off-centre, as a real wheel would
    const target = landingRotation(rotation, result.segment.index, info.segments.length, 5, (Math.random() - 0.5) * 0.6);
    const start = rotation;
    setRotation(target);
    await animate(rotor, [{ transform: `rotate(${start}deg)` }, { transform: `rotate(${target}deg)` }], SPIN_MS, { easing: "cubic-bezier(.12,.7,.1,1)" });
    if (destroyed) return;
    await wait(dur(250));
    spinning = false;
    void o.economy.refresh();
    showResult(result, false);
    await load(); // the new entitlement and the next commitment
  }

  return {
    el,
    async start() {
      setState(o.hook, "wheel");
      status.textContent = "Loading the wheel…";
      button.disabled = true;
      if (!(await load()) || !info || destroyed) return;
      const pending = info.pending;
      if (pending) {
        lastSpin = pending;
        o.hook.spin = pending;
        renderRules();
        setRotation(landingRotation(0, pending.segment.index, info.segments.length, 0));
        showResult(pending, true);
      }
    },
    destroy() {
      destroyed = true;
      wallet.destroy();
      el.remove();
    },
  };
}
