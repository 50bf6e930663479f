// widget.js: the loader a customer page includes with
//   <script async src="https://<api-origin>/widget.js" data-project-id="…"
//           [data-container="#games"] [data-autostart="open"] [data-auth="site"]
//           [data-sign-in-text="Sign in to earn rewards"] [data-lang="de"]></script>
// It draws a launcher + panel (or an inline iframe), obtains a player
// session and hands it to the play shell by postMessage. The token goes only
// to the iframe, with targetOrigin = the API origin, never into a URL.
// Everything lives in a shadow root so the host page's CSS cannot break it.
// Kept dependency-free and small (< 8 KB minified).

type Msg = { type?: unknown; [k: string]: unknown };

(() => {
  const w = window as unknown as { Playloop?: { __loaded?: boolean } & Record<string, unknown> };
  if (w.Playloop && w.Playloop.__loaded) return; // included twice: keep the first

  const script = (document.currentScript as HTMLScriptElement | null) || document.querySelector<HTMLScriptElement>("script[data-project-id][src*='widget']");
  if (!script) return;
  const projectId = script.getAttribute("data-project-id") || "";
  const origin = new URL(script.src, location.href).origin;
  const containerSel = script.getAttribute("data-container");
  const siteAuth = script.getAttribute("data-auth") === "site";
  // What an anonymous visitor is told about rewards, in the site's words (data-sign-in-text).
  const signInText = script.getAttribute("data-sign-in-text");
  // The shell talks only to the origin it was opened for; the server checks it against the
  // project's sites and pins the iframe to it (CSP frame-ancestors).
  const playBase = `${origin}/v1/play?project_id=${encodeURIComponent(projectId)}&mode=play&embed_origin=${encodeURIComponent(location.origin)}`;
  // The player's language: what the integrator set (data-lang, Playloop.setLanguage), then the host
  // page's own <html lang>; the server picks the first the project offers, then the browser's.
  let lang = script.getAttribute("data-lang") || "";
  let frameLang = lang; // what the iframe was opened with
  const tag = (v: string) => (/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(v) ? v : "");
  const langQuery = () => {
    const l = tag(lang);
    const h = tag(document.documentElement.lang || "");
    return (l ? `&lang=${l}` : "") + (h ? `&host_lang=${h}` : "");
  };

  let token: string | null = null;
  let fromSite = false; // token came from setSessionToken: never fall back to an anonymous player
  let anonPromise: Promise<string> | null = null;
  let tokenWaiters: ((t: string) => void)[] = [];
  let frame: HTMLIFrameElement | null = null;
  let shellReady = false;
  let host: HTMLElement | null = null;
  let panel: HTMLElement | null = null;
  let launcher: HTMLButtonElement | null = null;
  let title: HTMLElement | null = null;
  let x: HTMLButtonElement | null = null;
  let isOpen = false;
  // The loader's own words, in English until GET /v1/widget/config answers them in the player's language.
  const L = { games: "Games", open: "Open games", close: "Close games" };

  // ---- session
  function anonymousId(): string {
    const key = `playloop_anon_${projectId}`;
    const make = () => {
      const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
      const bytes = new Uint8Array(32);
      crypto.getRandomValues(bytes);
      return Array.from(bytes, (b) => abc[b % 62]).join("");
    };
    try {
      let id = localStorage.getItem(key);
      if (!id || !/^[A-Za-z0-9_-]{8,128}$/.test(id)) {
        id = make();
        localStorage.setItem(key, id);
      }
      return id;
    } catch {
      // storage blocked (private mode, strict third-party rules): one id per page view
      return (memoryId = memoryId || make());
    }
  }
  let memoryId = "";

  function anonymousSession(): Promise<string> {
    anonPromise =
      anonPromise ||
      fetch(`${origin}/v1/widget/session`, {
        method: "POST",
        mode: "cors",
        credentials: "omit",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ project_id: projectId, anonymous_id: anonymousId() }),
      })
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`session ${r.status}`))))
        .then((d: { session_token?: unknown }) => {
          if (typeof d.session_token !== "string") throw new Error("no session_token");
          return d.session_token;
        })
        .catch((e: unknown) => {
          anonPromise = null; // allow a later retry (next ready / auth_required)
          throw e;
        });
    return anonPromise;
  }

  function getToken(): Promise<string> {
    if (token) return Promise.resolve(token);
    if (siteAuth || fromSite) return new Promise((r) => tokenWaiters.push(r));
    return anonymousSession();
  }

  function bootstrap(t: string): void {
    if (frame && frame.contentWindow && shellReady) frame.contentWindow.postMessage({ type: "service:bootstrap", session_token: t, sign_in_text: signInText }, origin);
  }

  /** Tells a ready shell the language asked for since its iframe opened. */
  function sendLanguage(): void {
    if (frame && frame.contentWindow && shellReady && lang !== frameLang) {
      frameLang = lang;
      frame.contentWindow.postMessage({ type: "service:set_language", lang, host_lang: document.documentElement.lang || "" }, origin);
    }
  }

  function provideToken(): void {
    getToken().then(bootstrap, () => undefined);
  }

  addEventListener("message", (e: MessageEvent) => {
    if (e.origin !== origin || !frame || e.source !== frame.contentWindow) return;
    const d = e.data as Msg | null;
    if (!d || typeof d !== "object") return;
    if (d.type === "service:ready") {
      shellReady = true;
      sendLanguage();
      provideToken();
    } else if (d.type === "service:auth_required") {
      // the shell's token was refused: a verified site must supply a new one; anonymous ones are re-issued
      token = null;
      anonPromise = null;
      if (siteAuth || fromSite) dispatchEvent(new CustomEvent("playloop:auth_required"));
      provideToken();
    } else if (d.type === "service:close") {
      // Escape pressed inside the shell: key events in the iframe never reach this page
      api.close();
    } else if (d.type === "run_finished") {
      const detail = { run_id: String(d.run_id), status: String(d.status), level_number: Number(d.level_number), score: Number(d.score) };
      dispatchEvent(new CustomEvent("playloop:run_finished", { detail }));
    }
  });

  // ---- UI
  const CSS =
    ":host{all:initial}" +
    ".l{position:fixed;right:20px;bottom:20px;z-index:2147483000;width:60px;height:60px;border:0;border-radius:50%;cursor:pointer;" +
    "background:var(--a,#6c5ce7);color:var(--o,#fff);box-shadow:0 10px 24px rgba(0,0,0,.25);display:grid;place-items:center;transition:transform .2s}" +
    ".l:hover{transform:scale(1.06)}.l:focus-visible{outline:3px solid #fff;outline-offset:2px}.l svg{width:30px;height:30px}" +
    ".p{position:fixed;right:20px;bottom:92px;z-index:2147483001;width:400px;height:700px;max-height:calc(100vh - 188px);border-radius:20px;overflow:hidden;" +
    "background:#fff;box-shadow:0 24px 60px rgba(0,0,0,.3);display:none;flex-direction:column;opacity:0;transform:translateY(12px);transition:opacity .2s,transform .2s}" +
    ".p.v{display:flex}.p.o{opacity:1;transform:none}" +
    ".h{height:44px;flex:none;display:flex;align-items:center;justify-content:space-between;padding:0 6px 0 16px;background:var(--a,#6c5ce7);color:var(--o,#fff);font:600 15px system-ui,sans-serif}" +
    ".x{width:40px;height:40px;border:0;background:none;color:inherit;font-size:26px;line-height:1;cursor:pointer;border-radius:50%}" +
    "iframe{border:0;width:100%;flex:1;display:block;background:#f5f3ff}" +
    "@media (max-width:600px),(max-height:600px){.p{inset:0;width:auto;height:auto;max-height:none;border-radius:0}.p.v~.l{display:none}}" +
    "@media (prefers-reduced-motion:reduce){.p,.l{transition:none}}";
  const ICON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M7 6h10a5 5 0 0 1 4.9 6l-1 4.6a2.6 2.6 0 0 1-4.6 1L14.6 16H9.4l-1.7 1.6a2.6 2.6 0 0 1-4.6-1L2.1 12A5 5 0 0 1 7 6zm0 3v1.5H5.5v2H7V14h2v-1.5h1.5v-2H9V9zm9.5 0a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zm-2 2.6a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z"/></svg>';

  function makeFrame(): HTMLIFrameElement {
    const f = document.createElement("iframe");
    f.src = playBase + langQuery();
    frameLang = lang;
    f.title = L.games;
    f.allow = "autoplay; fullscreen";
    f.referrerPolicy = "origin";
    return f;
  }

  function setAccent(accent: unknown, onAccent: unknown): void {
    const hex = /^#[0-9a-f]{3,8}$/i;
    const el = host;
    if (!el) return;
    if (typeof accent === "string" && hex.test(accent)) el.style.setProperty("--a", accent);
    if (typeof onAccent === "string" && hex.test(onAccent)) el.style.setProperty("--o", onAccent);
  }

  function build(): void {
    if (host) return;
    if (containerSel) {
      const target = document.querySelector<HTMLElement>(containerSel);
      if (!target) return;
      frame = makeFrame();
      frame.style.cssText = "border:0;width:100%;height:100%;min-height:560px;display:block";
      target.appendChild(frame);
      host = target;
      return;
    }
    host = document.createElement("div");
    host.id = "playloop-widget";
    const root = host.attachShadow({ mode: "open" });
    // A constructed sheet, where the browser has them: a host page whose Content-Security-Policy
    // allows no inline style (style-src without 'unsafe-inline') blocks a <style> element, not this.
    if ("adoptedStyleSheets" in root && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } else {
      const style = document.createElement("style");
      style.textContent = CSS;
      root.appendChild(style);
    }
    panel = document.createElement("div");
    panel.className = "p";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", L.games);
    const head = document.createElement("div");
    head.className = "h";
    const name = (title = document.createElement("span"));
    name.textContent = L.games;
    const close = (x = document.createElement("button"));
    close.className = "x";
    close.type = "button";
    close.setAttribute("aria-label", L.close);
    close.textContent = "×";
    close.onclick = () => api.close();
    head.append(name, close);
    panel.appendChild(head);
    launcher = document.createElement("button");
    launcher.className = "l";
    launcher.type = "button";
    launcher.setAttribute("aria-label", L.open);
    launcher.setAttribute("aria-expanded", "false");
    launcher.innerHTML = ICON;
    launcher.onclick = () => (isOpen ? api.close() : api.open());
    root.append(panel, launcher);
    document.body.appendChild(host);
    // Escape closes from anywhere on the host page while the panel is open (inside the iframe the
    // shell reports it with service:close)
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && isOpen) api.close();
    });
    loadWords();
  }

  /** The launcher's colour and words in the player's language: public config, best effort; again after setLanguage. */
  function loadWords(): void {
    fetch(`${origin}/v1/widget/config?project_id=${encodeURIComponent(projectId)}${langQuery()}`, { credentials: "omit" })
      .then((r) => (r.ok ? r.json() : null))
      .then((c: { theme?: { accent?: unknown; on_accent?: unknown }; game?: { title?: unknown } | null; labels?: Record<string, unknown> } | null) => {
        if (!c || !title || !x) return;
        setAccent(c.theme?.accent, c.theme?.on_accent);
        for (const k of ["games", "open", "close"] as const) if (typeof c.labels?.[k] === "string") L[k] = c.labels[k] as string;
        title.textContent = c.game && typeof c.game.title === "string" ? c.game.title : L.games;
        panel?.setAttribute("aria-label", title.textContent);
        x.setAttribute("aria-label", L.close);
        launcher?.setAttribute("aria-label", isOpen ? L.close : L.open);
      })
      .catch(() => undefined);
  }

  const api = {
    __loaded: true,
    open(focus = true): void {
      build();
      if (!panel || !launcher) return;
      if (!frame) {
        frame = makeFrame();
        panel.appendChild(frame);
      }
      isOpen = true;
      panel.classList.add("v");
      requestAnimationFrame(() => panel && panel.classList.add("o"));
      launcher.setAttribute("aria-expanded", "true");
      launcher.setAttribute("aria-label", L.close);
      // Opened by the page itself (data-autostart): the page keeps the focus, so keyboard and
      // screen-reader users start with the host page's own content, not inside the widget.
      if (focus !== false) frame.focus();
    },
    close(): void {
      if (!panel || !launcher || !isOpen) return;
      isOpen = false;
      panel.classList.remove("o", "v");
      launcher.setAttribute("aria-expanded", "false");
      launcher.setAttribute("aria-label", L.open);
      launcher.focus();
    },
    /** Speak `code` (a BCP 47 tag such as "de" or "pt-BR") from now on, if the project offers it; an open shell switches at once. */
    setLanguage(code: unknown): void {
      if (typeof code !== "string" || !tag(code)) return;
      lang = code;
      sendLanguage();
      if (panel) loadWords();
    },
    setSessionToken(t: unknown): void {
      if (typeof t !== "string" || !t) return;
      token = t;
      fromSite = true;
      const waiters = tokenWaiters;
      tokenWaiters = [];
      for (const r of waiters) r(t);
      bootstrap(t);
    },
  };
  // A page may call the API before this script has run (it loads async): it leaves a stub,
  //   window.Playloop = window.Playloop || { q: [] }; Playloop.q.push(["setSessionToken", token]);
  // or simply window.Playloop = { sessionToken: token }. What was queued is applied now, in order.
  const pending = w.Playloop as { q?: unknown; sessionToken?: unknown } | undefined;
  w.Playloop = api;
  if (pending && typeof pending.sessionToken === "string") api.setSessionToken(pending.sessionToken);
  if (pending && Array.isArray(pending.q)) {
    for (const call of pending.q as unknown[]) {
      if (!Array.isArray(call)) continue;
      const [name, ...args] = call as [unknown, ...unknown[]];
      const fn = typeof name === "string" && Object.prototype.hasOwnProperty.call(api, name) ? (api as Record<string, unknown>)[name] : null;
      if (typeof fn === "function") (fn as (...a: unknown[]) => void).apply(api, args);
    }
  }

  const init = () => {
    build();
    if (script.getAttribute("data-autostart") === "open") api.open(false);
  };
  if (document.body) init();
  else document.addEventListener("DOMContentLoaded", init);
})();
