// The prize wheel screen. The server decides every spin; the wheel only
// shows it: a press winds the wheel back while the request is in flight, then
// it turns five times and slows down onto the slice the server drew. The
// spin_id is chosen once per press, so a retried request can never spin twice.
// A spin the player has not seen yet (closed tab, lost answer) is shown again.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { append, h, svg } from "../shared/dom";
import { language, t } from "../shared/i18n";
import { animate, wait } from "../shared/motion";
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
  /** The wheel as already read (the shell reads it first to speak its language), used for the first load. */
  initial?: WheelInfo | null;
};

const SPIN_MS = 4200;
const BACK =
  '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>';
const POINTER = '<path d="M20 34L6 8a16 16 0 0 1 28 0z" fill="#fff" stroke="#2a2158" stroke-width="3" stroke-linejoin="round"/><circle cx="20" cy="12" r="4" fill="var(--accent)"/>';

const SPIN_ERRORS: Record<string, TMessageKey> = {
  insufficient_balance: "wheel.error.insufficient_balance",
  wheel_spins_exhausted: "wheel.error.spins_exhausted",
  rate_limited: "wheel.error.rate_limited",
  forbidden: "wheel.error.forbidden",
  wheel_config_missing: "wheel.error.closed",
  economy_disabled: "wheel.error.economy_disabled",
};

/** The time of day in the current language's clock ("14:00", "02:00 PM"). */
function timeOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : new Intl.DateTimeFormat(language(), { hour: "2-digit", minute: "2-digit" }).format(d);
}

/** The result card's heading: what the spin won (the resource's name as the site set it), or that it won nothing. */
function awardTitle(spin: WheelSpin, economy: Economy): string {
  const a = spin.award;
  if (!a) return t("wheel.result.nothing");
  return t("wheel.result.won", { count: a.amount, resource: economy.resourceName(a.resource_id) });
}

/** Which of the organiser's details the site gave, for the rules' "Organised by" line. */
function organiserForm(address: string | null | undefined, contact: string | null | undefined): string {
  return address && contact ? "address_contact" : address ? "address" : contact ? "contact" : "other";
}

export function createWheelScreen(o: WheelScreenOptions): { el: HTMLElement; start(): Promise<void>; destroy(): void } {
  const wallet = walletBar(o.economy);
  const title = h("h1", { class: "plq-wheel-title" }, t(o.wheelId === "daily" ? "wheel.title.daily" : "wheel.title.site"));
  const back = o.onBack
    ? h("button", { type: "button", class: "plq-icon-btn", "aria-label": t("wheel.back"), "data-testid": "wheel-back", onclick: () => o.onBack?.() }, svg("0 0 24 24", BACK))
    : null;
  const rotor = h("div", { class: "plq-wheel-rotor", "data-testid": "wheel" });
  const stage = h("div", { class: "plq-wheel-stage" }, rotor, svg("0 0 40 40", POINTER, "plq-wheel-pointer"));
  const status = h("p", { class: "plq-wheel-status", "data-testid": "wheel-status", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "plq-btn plq-btn-primary plq-wheel-button", "data-testid": "wheel-spin", onclick: () => void spin() }, t("wheel.button.spin"));
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
    let label = t("wheel.button.spin");
    let can = true;
    if (e.free_spins_left > 0) {
      text = t("wheel.status.free", { count: e.free_spins_left });
      label = t("wheel.button.spin_free");
    } else if (e.paid_spins_left > 0) {
      text = t("wheel.status.paid", { cost: e.ticket_cost, balance: Math.round(o.economy.wallet() ? o.economy.balanceOf("tickets") : e.ticket_balance) });
      label = t("wheel.button.spin_paid", { cost: e.ticket_cost });
      can = (o.economy.wallet() ? o.economy.balanceOf("tickets") : e.ticket_balance) >= e.ticket_cost;
    } else {
      text = t("wheel.status.done", { time: timeOf(e.resets_at) });
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
      h("summary", null, t("wheel.rules.summary")),
      // the site's own words (translate=no: not the catalogue's; the language checks leave them to the site)
      info.rules.text ? h("p", { translate: "no" }, info.rules.text) : null,
      org.name
        ? h("p", { class: "plq-muted" }, t("wheel.rules.organiser", { form: organiserForm(org.address, org.contact), name: org.name, address: org.address ?? "", contact: org.contact ?? "" }))
        : null,
      h("p", { class: "plq-muted" }, t("wheel.rules.fairness")),
      h("p", { class: "plq-wheel-hash" }, h("span", null, t("wheel.rules.next_seed")), h("code", { "data-testid": "wheel-commitment" }, f.next_server_seed_hash)),
      lastSpin
        ? h("p", { class: "plq-wheel-hash" }, h("span", null, t("wheel.rules.last_seed")), h("code", { "data-testid": "wheel-revealed-seed" }, lastSpin.fairness.server_seed))
        : null,
    ]);
  }

  function draw(): void {
    if (!info) return;
    rotor.replaceChildren(drawWheel(info.segments, o.assetBase));
  }

  let initial = o.initial ?? null;
  async function load(): Promise<boolean> {
    try {
      info = initial ?? (await o.api.wheel(o.wheelId));
      initial = null;
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "";
      status.textContent = t(SPIN_ERRORS[code] ?? "wheel.load_failed");
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
      h("h2", { id: "plq-wheel-result-title" }, awardTitle(s, o.economy)),
      h("p", { class: "plq-muted" }, t(earlier ? "wheel.result.earlier" : won ? "wheel.result.in_balance" : "wheel.result.better_luck")),
      h("div", { class: "plq-actions" }, h("button", { type: "button", class: "plq-btn plq-btn-primary", "data-testid": "wheel-result-ok", onclick: () => closeResult() }, t(won ? "wheel.result.collect" : "wheel.result.ok"))),
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
      if (code === "wheel_version_stale") o.toast.show(t("wheel.toast.updated"));
      else o.toast.show(t(SPIN_ERRORS[code] ?? "wheel.toast.spin_failed"));
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
    await wait(250);
    spinning = false;
    void o.economy.refresh();
    showResult(result, false);
    await load(); // the new entitlement and the next commitment
  }

  return {
    el,
    async start() {
      setState(o.hook, "wheel");
      status.textContent = t("wheel.loading");
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
