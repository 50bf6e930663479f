// The booster tray under the board: one button per booster of this game.
// Owned boosters play at once (×N badge); otherwise the first tap asks
// "Buy for 30 coins?" on the button itself and a second tap buys — no modal,
// no accidental spend. What a booster does to the board is the server's
// answer, animated by the renderer like any other command.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { formatNumber, h } from "../shared/dom";
import { asSentence, t } from "../shared/i18n";
import { ApiError } from "./api";
import type { Booster, Economy, Owned } from "./economy";
import { boosterIcon, resourceIcon, walletBar } from "./economy-view";
import type { Toast } from "./toast";

export type TrayOptions = {
  mechanic: string;
  economy: Economy;
  toast: Toast;
  /** Plays an owned booster in the run; resolves when the command was answered (true when it was accepted). */
  use(owned: Owned): Promise<boolean>;
  /** True while the board cannot take a command. */
  busy(): boolean;
};

const CONFIRM_MS = 4000;
const BUY_ERRORS: Record<string, TMessageKey> = {
  insufficient_balance: "booster.error.insufficient_balance",
  economy_disabled: "booster.error.economy_disabled",
  rate_limited: "booster.error.rate_limited",
  not_found: "booster.error.not_found",
};

export function createBoosterTray(o: TrayOptions): { el: HTMLElement; destroy(): void } {
  const list = h("div", { class: "plq-boosters", role: "group", "aria-label": t("booster.tray.label") });
  const wallet = walletBar(o.economy);
  const el = h("div", { class: "plq-tray", "data-testid": "booster-tray" }, wallet.el, list);
  const buttons = new Map<string, HTMLButtonElement>();
  let confirming: { id: string; timer: number } | null = null;
  let working = false;

  function label(b: Booster): { text: string; badge: HTMLElement } {
    const owned = o.economy.ownedOf(b.booster_id).length;
    if (owned > 0) return { text: t("booster.label.owned", { name: b.name, count: owned }), badge: h("span", { class: "plq-booster-badge is-owned" }, t("booster.badge.owned", { count: owned })) };
    const cost = { name: b.name, price: Math.round(b.price.amount), resource: o.economy.resourceName(b.price.resource_id) };
    if (confirming?.id === b.booster_id) return { text: t("booster.label.confirm", cost), badge: h("span", { class: "plq-booster-badge is-confirm" }, t("booster.badge.confirm")) };
    const short = o.economy.balanceOf(b.price.resource_id) < b.price.amount;
    return {
      text: t("booster.label.for_sale", { ...cost, description: asSentence(b.description) }),
      badge: h("span", { class: `plq-booster-badge${short ? " is-short" : ""}` }, resourceIcon(b.price.resource_id, "plq-res-icon-sm"), formatNumber(b.price.amount)),
    };
  }

  function render(): void {
    const boosters = o.economy.boostersFor(o.mechanic);
    el.hidden = boosters.length === 0;
    const seen = new Set<string>();
    for (const b of boosters) {
      seen.add(b.booster_id);
      let btn = buttons.get(b.booster_id);
      if (!btn) {
        btn = h("button", { type: "button", class: "plq-booster", "data-booster": b.booster_id, "data-testid": `booster-${b.booster_id}`, onclick: () => void press(b.booster_id) });
        buttons.set(b.booster_id, btn);
        list.appendChild(btn);
      }
      const { text, badge } = label(b);
      btn.replaceChildren(boosterIcon(b.effect), h("span", { class: "plq-booster-name", translate: "no" }, b.name), badge);
      btn.setAttribute("aria-label", text);
      btn.title = b.description;
      btn.dataset.siteTitle = "1"; // the tooltip is the site's own description
      btn.classList.toggle("is-confirm", confirming?.id === b.booster_id);
      btn.disabled = working;
    }
    for (const [id, btn] of buttons) {
      if (!seen.has(id)) {
        btn.remove();
        buttons.delete(id);
      }
    }
  }

  function clearConfirm(): void {
    if (confirming) clearTimeout(confirming.timer);
    confirming = null;
  }

  async function press(id: string): Promise<void> {
    const b = o.economy.boostersFor(o.mechanic).find((x) => x.booster_id === id);
    if (!b || working) return;
    if (o.busy()) {
      o.toast.show(t("booster.toast.busy"), undefined, 1500);
      return;
    }
    let owned = o.economy.ownedOf(id)[0];
    if (!owned) {
      if (confirming?.id !== id) {
        clearConfirm();
        if (o.economy.balanceOf(b.price.resource_id) < b.price.amount) {
          o.toast.show(t("booster.toast.need", { price: Math.round(b.price.amount), resource: o.economy.resourceName(b.price.resource_id), name: b.name }), undefined, 2500);
          return;
        }
        confirming = { id, timer: window.setTimeout(() => (clearConfirm(), render()), CONFIRM_MS) };
        render();
        return;
      }
      clearConfirm();
      working = true;
      render();
      try {
        owned = await o.economy.buy(b);
      } catch (e) {
        const code = e instanceof ApiError ? e.code : "";
        o.toast.show(t(BUY_ERRORS[code] ?? "booster.error.fallback"));
        // a purchase whose answer was lost may still have gone through: the wallet shows it as owned
        void o.economy.refresh();
        working = false;
        render();
        return;
      }
    }
    working = true;
    render();
    try {
      await o.use(owned);
    } finally {
      working = false;
      render();
    }
  }

  render();
  const off = o.economy.subscribe(render);
  return {
    el,
    destroy() {
      clearConfirm();
      off();
      wallet.destroy();
      el.remove();
    },
  };
}
