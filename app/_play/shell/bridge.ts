// postMessage protocol between the play shell (in the iframe) and its parent
// page (the widget loader):
//   shell  -> parent  {type:"service:ready", project_id}          targetOrigin "*" (no secret inside)
//   parent -> shell   {type:"service:bootstrap", session_token}   accepted only from window.parent
//   shell  -> parent  {type:"service:auth_required"}              the token was refused (401); a new bootstrap is expected
//   shell  -> parent  {type:"run_finished", run_id, status, level_number, score}
// The token lives only in memory: never in a URL, storage or cookie.

export type BootstrapListener = (token: string) => void;

const hasParent = () => window.parent && window.parent !== window;

function post(msg: Record<string, unknown>): void {
  if (!hasParent()) return;
  try {
    window.parent.postMessage(msg, "*");
  } catch {
    /* a detached parent cannot be told anything */
  }
}

/** Listens for bootstrap messages (first and later token refreshes). */
export function onBootstrap(listener: BootstrapListener): () => void {
  const handler = (e: MessageEvent) => {
    if (e.source !== window.parent || e.source === window) return;
    const d = e.data as { type?: unknown; session_token?: unknown } | null;
    if (!d || typeof d !== "object" || d.type !== "service:bootstrap") return;
    if (typeof d.session_token !== "string" || d.session_token.length === 0 || d.session_token.length > 4096) return;
    listener(d.session_token);
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

export const isEmbedded = hasParent;
