// The HTML document of GET /v1/play (the iframe the widget opens). Shared by
// the real route handler and the local harness so both boot the shell the
// same way. No inline script: the config is inert JSON the shell reads, so a
// strict CSP (script-src 'self' or a nonce) works. The shell loads its game
// chunk from "<assetBase>games/<mechanic>.js", next to shell.js. The page speaks one language:
// <html lang dir> and its compiled catalogue in the config, so the first paint is in it.
import type { TCompiledCatalogue } from "@/i18n/messages";

/** `parent_origin`: the embedding page's origin the shell was opened for (postMessage peer), when known. */
type PlayConfig = { project_id: string; api_base: string; release: string; parent_origin?: string | null; free_play?: boolean };

/** The language the page speaks: its tag, direction and compiled catalogue (i18n/catalogue). */
type PlayLanguage = { code: string; dir: "ltr" | "rtl"; messages: TCompiledCatalogue };

export type PlayHtmlOptions = {
  /** URL prefix of shell/<release>/ as served, ending in "/", e.g. "/v1/play/assets/r0123456789ab/" */
  assetBase: string;
  config: PlayConfig;
  language: PlayLanguage;
  /** CSP nonce for the script tags, if the page uses nonces. */
  nonce?: string;
  /** Extra classic scripts loaded before the shell (the harness's fake API). */
  preScripts?: string[];
  title?: string;
};

const escAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** JSON safe inside <script>: no "</script>", no HTML comment openers, no JS line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function renderPlayHtml(o: PlayHtmlOptions): string {
  const base = escAttr(o.assetBase);
  const nonce = o.nonce ? ` nonce="${escAttr(o.nonce)}"` : "";
  const pre = (o.preScripts ?? []).map((src) => `<script src="${escAttr(src)}"${nonce}></script>`).join("");
  const config = { project_id: o.config.project_id, api_base: o.config.api_base, release: o.config.release, parent_origin: o.config.parent_origin ?? null, free_play: o.config.free_play === true, lang: o.language.code, dir: o.language.dir, messages: o.language.messages };
  return (
    "<!doctype html>" +
    `<html lang="${escAttr(o.language.code)}" dir="${o.language.dir === "rtl" ? "rtl" : "ltr"}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">' +
    '<meta name="color-scheme" content="light">' +
    `<title>${escAttr(o.title ?? "Games")}</title>` +
    `<link rel="stylesheet" href="${base}shell.css">` +
    `<script type="application/json" id="playloop-config">${jsonForScript(config)}</script>` +
    pre +
    `<script defer src="${base}shell.js"${nonce}></script>` +
    '</head><body><div id="playloop-root"></div></body></html>'
  );
}
