// One toast at a time at the bottom of the shell: connection trouble,
// "game ended" notices. Never a modal error dialog: play should feel calm.
import { h } from "../shared/dom";
import { animate } from "../shared/motion";

export type Toast = { show(text: string, action?: { label: string; run(): void }, ms?: number): void; hide(): void };

export function createToast(host: HTMLElement): Toast {
  let el: HTMLElement | null = null;
  let timer = 0;
  const hide = () => {
    clearTimeout(timer);
    el?.remove();
    el = null;
  };
  return {
    show(text, action, ms = 4000) {
      hide();
      const btn = action
        ? h("button", { type: "button", class: "plq-toast-btn", onclick: () => { hide(); action.run(); } }, action.label)
        : null;
      el = h("div", { class: "plq-toast", role: "status", "aria-live": "polite", "data-testid": "toast" }, h("span", null, text), btn);
      host.appendChild(el);
      void animate(el, [{ transform: "translate(-50%, 20px)", opacity: 0 }, { transform: "translate(-50%, 0)", opacity: 1 }], 220, { easing: "ease-out" });
      // toasts with an action stay until used: the player decides when to retry
      if (!action) timer = window.setTimeout(hide, ms);
    },
    hide,
  };
}
