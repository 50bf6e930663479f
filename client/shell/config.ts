// The play page embeds its configuration as inert JSON
// (<script type="application/json" id="playloop-config">), so no inline
// script is needed and a strict CSP keeps working. Anything missing or odd
// falls back to safe defaults instead of crashing the boot.
import { isLanguageTag } from "@/i18n/languages";
import type { TCompiledCatalogue } from "@/i18n/messages";

export type ShellConfig = {
  project_id: string;
  api_base: string;
  release: string;
  parent_origin: string | null;
  free_play: boolean;
  /** The language the server chose (BCP 47), its direction and its compiled catalogue. */
  lang: string;
  dir: "ltr" | "rtl";
  messages: TCompiledCatalogue;
};


const RELEASE_RE = /^r[0-9a-f]{12}$/;

export function readConfig(doc: Document = document): ShellConfig {
  let raw: Record<string, unknown> = {};
  try {
    const el = doc.getElementById("playloop-config");
    const parsed: unknown = el && el.textContent ? JSON.parse(el.textContent) : {};
    if (parsed && typeof parsed === "object") raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  // api_base is "" (same origin) in production; only an absolute http(s) URL or a path is accepted
  const base = str(raw.api_base).replace(/\/+$/, "");
  return {
    project_id: str(raw.project_id),
    api_base: base === "" || base.startsWith("/") || /^https?:\/\//.test(base) ? base : "",
    release: RELEASE_RE.test(str(raw.release)) ? str(raw.release) : "r000000000000",
    parent_origin: asOrigin(str(raw.parent_origin)),
    // free play has no rewards: the lobby must not promise any
    free_play: raw.free_play === true,
    lang: isLanguageTag(raw.lang) ? raw.lang : "en",
    dir: raw.dir === "rtl" ? "rtl" : "ltr",
    messages: raw.messages && typeof raw.messages === "object" && !Array.isArray(raw.messages) ? (raw.messages as TCompiledCatalogue) : {},
  };
}

/** An http(s) origin exactly as written ("https://shop.example" or with a port), else null. */
export function asOrigin(value: string): string | null {
  if (!/^https?:\/\/[^/?#\s]+$/.test(value)) return null;
  try {
    return new URL(value).origin === value ? value : null;
  } catch {
    return null;
  }
}
