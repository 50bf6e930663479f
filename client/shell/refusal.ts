// A refused move says why in a few words (over the board, for a moment), not only with a wiggle.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { h } from "../shared/dom";
import { t } from "../shared/i18n";

const COMMON: Record<string, TMessageKey> = {
  out_of_bounds: "refusal.out_of_bounds",
  run_finished: "refusal.run_finished",
  invalid_payload: "refusal.impossible",
  unknown_action: "refusal.impossible",
};
const BY_GAME: Record<string, Record<string, TMessageKey>> = {
  match3_v1: { no_match: "refusal.match3.no_match", not_adjacent: "refusal.match3.not_adjacent", blocked: "refusal.match3.blocked" },
  memory_v1: { already_open: "refusal.memory.already_open" },
  parcel_pilot_v1: { blocked: "refusal.parcel.blocked", out_of_bounds: "refusal.parcel.out_of_bounds" },
};

/** The short message for a rejection code (a generic one for codes it does not know). */
export function refusalText(mechanic: string, code: string | undefined): string {
  return t(BY_GAME[mechanic]?.[code ?? ""] ?? COMMON[code ?? ""] ?? "refusal.fallback");
}

export function createRefusal(): { el: HTMLElement; show(text: string): void; destroy(): void } {
  const el = h("div", { class: "plq-refusal", role: "status", "aria-live": "polite", "data-testid": "refusal", hidden: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    el,
    show(text: string) {
      el.textContent = text;
      el.hidden = false;
      // restart the entrance animation for a repeated refusal
      el.style.animation = "none";
      void el.offsetWidth;
      el.style.animation = "";
      clearTimeout(timer);
      timer = setTimeout(() => (el.hidden = true), 1800);
    },
    destroy() {
      clearTimeout(timer);
    },
  };
}
