// postMessage protocol between the play shell (in the iframe) and its parent
// page (the widget loader):
//   shell  -> parent  {type:"service:ready", project_id}
//   parent -> shell   {type:"service:bootstrap", session_token, sign_in_text?}   (the host's wording for anonymous players)
//   shell  -> parent  {type:"service:auth_required"}              the token was refused (401); a new bootstrap is expected
//   shell  -> parent  {type:"service:close"}                     Escape was pressed and nothing in the shell used it
//   shell  -> parent  {type:"run_finished", run_id, status, level_number, score}
//   parent -> shell   {type:"service:set_language", lang, host_lang}   Playloop.setLanguage(): speak that language from now on
// Both directions are pinned to the embedding origin the shell was opened for:
// messages go out with that targetOrigin (never "*") and a bootstrap is taken
// only from window.parent at that origin. The token lives only in memory:
// never in a URL, storage or cookie.

import { isLanguageTag } from "@/i18n/languages";
import { asOrigin } from "./config";

export type BootstrapListener = (token: string, signInText: string | null) => void;

const hasParent = () => window.parent && window.parent !== window;

let parentOrigin: string | null = null;

/**
 * The peer origin: the one the server validated for this shell (`parent_origin`, also pinned by
 * the page's CSP frame-ancestors), else what the browser says about the embedding page. When
 * nothing says, the shell talks to nobody.
 */
export function resolveParentOrigin(configured: string | null): string | null {
  if (configured) return configured;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return asOrigin(ancestors[0]!);
  try {
    return document.referrer ? asOrigin(new URL(document.referrer).origin) : null;
  } catch {
    return null;
  }
}

export function setParentOrigin(origin: string | null): void {
  parentOrigin = origin;
}

function post(msg: Record<string, unknown>): void {
  if (!hasParent() || !parentOrigin) return;
  try {
    window.parent.postMessage(msg, parentOrigin);
  } catch {
    /* a detached parent cannot be told anything */
  }
}

/** Listens for bootstrap messages (first and later token refreshes). */
export function onBootstrap(listener: BootstrapListener): () => void {
  const handler = (e: MessageEvent) => {
    if (e.source !== window.parent || e.source === window) return;
    if (!parentOrigin || e.origin !== parentOrigin) return;
    const d = e.data as { type?: unknown; session_token?: unknown; sign_in_text?: unknown } | null;
    if (!d || typeof d !== "object" || d.type !== "service:bootstrap") return;
    if (typeof d.session_token !== "string" || d.session_token.length === 0 || d.session_token.length > 4096) return;
    // The host's own words for "sign in to earn rewards" (plain text, shown as text), if it set any.
    const signIn = typeof d.sign_in_text === "string" && d.sign_in_text.trim() ? d.sign_in_text.trim().slice(0, 160) : null;
    listener(d.session_token, signIn);
  };
  window.addEventListener("message", handler);
  return () => window.removeEventListener("message", handler);
}

/** A language wish from the host page (Playloop.setLanguage): BCP 47 tags only, from the pinned parent only. */
export function onSetLanguage(listener: (lang: string, hostLang: string) => void): () => void {
  const tag = (v: unknown) => (isLanguageTag(v) ? v : "");
  const handler = (e: MessageEvent) => {
    if (e.source !== window.parent || e.source === window) return;
    if (!parentOrigin || e.origin !== parentOrigin) return;
    const d = e.data as { type?: unknown; lang?: unknown; host_lang?: unknown } | null;
    if (!d || typeof d !== "object" || d.type !== "service:set_language" || !tag(d.lang)) return;
    listener(tag(d.lang), tag(d.host_lang));
  };
  window.addEventListener("message", handler);
  return () => window.removeEventListener("message", handler);
}

/**
 * Announces the shell. Repeated a few times with backoff until stop() is
 * called, in case the parent attached its listener late.
 */
export function announceReady(projectId: string): { stop(): void } {
  let tries = 0;
  let timer = 0;
  const send = () => {
    post({ type: "service:ready", project_id: projectId });
    if (++tries < 6) timer = window.setTimeout(send, 500 * tries);
  };
  send();
  return { stop: () => clearTimeout(timer) };
}

export function requestAuth(): void {
  post({ type: "service:auth_required" });
}

export function runFinished(msg: { run_id: string; status: string; level_number: number; score: number }): void {
  post({ type: "run_finished", run_id: msg.run_id, status: msg.status, level_number: msg.level_number, score: msg.score });
}

/** Escape inside the shell: the embedding page closes its panel (its own key listener never sees keys typed in here). */
export function requestClose(): void {
  post({ type: "service:close" });
}

export const isEmbedded = hasParent;
