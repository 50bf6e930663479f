// A refused move says why in a few words (over the board, for a moment), not only with a wiggle.
import { h } from "../shared/dom";

const COMMON: Record<string, string> = {
  out_of_bounds: "That's off the board",
  run_finished: "This level is over",
  invalid_payload: "That move isn't possible",
  unknown_action: "That move isn't possible",
};
const BY_GAME: Record<string, Record<string, string>> = {
  match3_v1: { no_match: "No match there", not_adjacent: "Swap neighbouring gems", blocked: "Stone blocks can't move" },
  memory_v1: { already_open: "That card is already face up" },
  parcel_pilot_v1: { blocked: "A building is in the way", out_of_bounds: "The road ends here" },
};

/** The short message for a rejection code (a generic one for codes it does not know). */
export function refusalText(mechanic: string, code: string | undefined): string {
  return BY_GAME[mechanic]?.[code ?? ""] ?? COMMON[code ?? ""] ?? "Not that way";
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
