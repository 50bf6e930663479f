// Loads a renderer chunk (games/<mechanic>.js, next to shell.js) on demand.
// The base URL comes from the shell's own <script src>, so the shell works
// under whatever path the server mounts the release folder; a CSP nonce on
// the shell script is copied to the chunk script.
import { registeredGame, whenRegistered } from "../games/registry";
import type { GameModule } from "../shared/types";

const own = document.currentScript as HTMLScriptElement | null;
const baseUrl = own && own.src ? own.src.replace(/[^/]*$/, "") : "";
const nonce = own ? own.nonce || own.getAttribute("nonce") || "" : "";
const loading: Record<string, Promise<GameModule>> = {};

const SAFE = /^[a-z0-9_]{1,40}$/;

export function loadGame(mechanic: string, timeoutMs = 15_000): Promise<GameModule> {
  const ready = registeredGame(mechanic);
  if (ready) return Promise.resolve(ready);
  if (!SAFE.test(mechanic)) return Promise.reject(new Error(`unsupported mechanic ${mechanic}`));
  const existing = loading[mechanic];
  if (existing) return existing;
  const p = new Promise<GameModule>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = `${baseUrl}games/${mechanic}.js`;
    s.async = true;
    if (nonce) s.nonce = nonce;
    const timer = setTimeout(() => fail(new Error("timeout")), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      delete loading[mechanic];
      s.remove();
      reject(err);
    };
    s.onerror = () => fail(new Error(`could not load ${mechanic}`));
    void whenRegistered(mechanic).then((m) => {
      clearTimeout(timer);
      resolve(m);
    });
    document.head.appendChild(s);
  });
  loading[mechanic] = p;
  return p;
}

/** Starts fetching early (lobby time) so Play opens instantly; errors surface later. */
export function prefetchGame(mechanic: string): void {
  loadGame(mechanic).catch(() => undefined);
}
