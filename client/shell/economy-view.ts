// Economy artwork and the wallet bar: resource icons (tickets, coins, any
// other resource as a gem), booster icons by effect, and the live balance
// chips shown in the lobby and above a run.
import { formatNumber, h, svg } from "../shared/dom";
import { t } from "../shared/i18n";
import { countTo } from "../shared/motion";
import type { Economy } from "./economy";

const RESOURCE_ART: Record<string, string> = {
  tickets:
    '<path d="M6 20a4 4 0 0 0 4-4h44a4 4 0 0 0 4 4v6a6 6 0 0 0 0 12v6a4 4 0 0 0-4 4H10a4 4 0 0 0-4-4v-6a6 6 0 0 0 0-12z" fill="#ff8a3d"/><path d="M40 17v30" stroke="#fff" stroke-width="2.5" stroke-dasharray="4 4"/><path d="M22 26l2.4 4.8 5.3.8-3.8 3.7.9 5.3-4.8-2.5-4.8 2.5.9-5.3-3.8-3.7 5.3-.8z" fill="#fff"/>',
  coins:
    '<circle cx="32" cy="34" r="22" fill="#e0a800"/><circle cx="32" cy="30" r="22" fill="#ffc928"/><circle cx="32" cy="30" r="15" fill="none" stroke="#e0a800" stroke-width="3"/><path d="M29 22h6v16h-6z" fill="#e0a800"/>',
};
const RESOURCE_FALLBACK = '<path d="M32 6l22 16-8 32H18L10 22z" fill="#4fc3f7"/><path d="M32 6l8 16H24z" fill="#b3e5fc"/>';

const BOOSTER_ART: Record<string, string> = {
  shuffle:
    '<path d="M10 20h10c8 0 12 24 20 24h10M10 44h10c8 0 12-24 20-24h10" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/><path d="M46 12l8 8-8 8M46 36l8 8-8 8" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>',
  hammer:
    '<rect x="29" y="26" width="7" height="32" rx="3" fill="currentColor" opacity=".7"/><rect x="12" y="8" width="40" height="20" rx="5" fill="currentColor"/>',
  peek:
    '<path d="M4 32s10-18 28-18 28 18 28 18-10 18-28 18S4 32 4 32z" fill="none" stroke="currentColor" stroke-width="5" stroke-linejoin="round"/><circle cx="32" cy="32" r="9" fill="currentColor"/>',
  extra_fuel:
    '<path d="M14 12h24a4 4 0 0 1 4 4v38H10V16a4 4 0 0 1 4-4z" fill="currentColor"/><rect x="16" y="18" width="20" height="12" rx="2" fill="#fff" opacity=".85"/><path d="M42 22l8 6v20a4 4 0 0 1-8 0V36" fill="none" stroke="currentColor" stroke-width="4" stroke-linecap="round"/>',
};
const BOOSTER_FALLBACK = '<path d="M36 4L14 36h16l-4 24 24-34H34z" fill="currentColor"/>';

export function resourceIcon(resourceId: string, cls = "plq-res-icon"): SVGSVGElement {
  return svg("0 0 64 64", RESOURCE_ART[resourceId] ?? RESOURCE_FALLBACK, cls);
}

export function boosterIcon(effect: string, cls = "plq-booster-icon"): SVGSVGElement {
  return svg("0 0 64 64", BOOSTER_ART[effect] ?? BOOSTER_FALLBACK, cls);
}

/** Balance chips that follow the wallet (counting up or down when a balance changes). Hidden without an economy. */
export function walletBar(economy: Economy): { el: HTMLElement; destroy(): void } {
  const el = h("div", { class: "plq-wallet", "data-testid": "wallet", "aria-label": t("common.wallet_label") });
  const shown = new Map<string, { value: HTMLElement; n: number }>();
  const render = () => {
    const w = economy.wallet();
    el.hidden = !w || w.balances.length === 0;
    if (!w) return;
    for (const b of w.balances) {
      let chip = shown.get(b.resource_id);
      if (!chip) {
        const value = h("strong", { "data-testid": `balance-${b.resource_id}` }, formatNumber(b.balance));
        el.appendChild(h("span", { class: "plq-wallet-chip", title: b.name, translate: "no" }, resourceIcon(b.resource_id), value, h("span", { class: "plq-sr" }, ` ${b.name}`)));
        chip = { value, n: b.balance };
        shown.set(b.resource_id, chip);
        continue;
      }
      if (chip.n !== b.balance) {
        countTo(chip.value, chip.n, b.balance, 600, formatNumber);
        chip.value.parentElement?.classList.remove("plq-bump");
        void chip.value.parentElement?.offsetWidth;
        chip.value.parentElement?.classList.add("plq-bump");
        chip.n = b.balance;
      }
    }
  };
  render();
  const off = economy.subscribe(render);
  return { el, destroy: off };
}
