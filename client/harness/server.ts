// Local harness server (node:http, no app server, no database). It serves the
// built play assets the way production should, the widget, a fake
// /v1/widget/session, and /v1/play pages whose /v1/* API calls are answered
// in the page by the fake API (real engines). Used by e2e/play-harness.spec.ts
// and for manual work:
//   node --import tsx client/harness/server.ts [port]
//   -> http://localhost:<port>/?mechanic=match3_v1   (inline, full viewport)
//   -> http://localhost:<port>/shop?mechanic=memory_v1 (floating launcher)
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PLAY_OUT, type Manifest } from "../../scripts/build-play";
import { renderPlayHtml } from "../play-html";
import { compiledCatalogue } from "@/i18n/catalogue";
import { directionOf, LANGUAGE_CODES, languageWishes, negotiateLanguage } from "@/i18n/languages";

/** The harness speaks what the page asks for (`lang`, `host_lang`, then the browser's languages), among every language the shell has. */
function harnessLanguage(url: URL, accept: string | undefined) {
  const code = negotiateLanguage(languageWishes(url.searchParams.get("lang"), url.searchParams.get("host_lang"), accept), LANGUAGE_CODES, "en");
  return { code, dir: directionOf(code), messages: compiledCatalogue(code) };
}
import { buildHarness, HARNESS_OUT } from "./build";
import { HARNESS_PROJECTS } from "./projects";
import { inlinePage, shopPage } from "./pages";

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".json": "application/json" };

export type HarnessServer = { url: string; port: number; manifest: Manifest; close(): Promise<void> };

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cache: string): void {
  if (!existsSync(file) || !statSync(file).isFile()) return void text(res, 404, "not found");
  const accept = String(req.headers["accept-encoding"] ?? "");
  // precompressed variants, as production should serve them
  const variant = /\bbr\b/.test(accept) && existsSync(`${file}.br`) ? "br" : /\bgzip\b/.test(accept) && existsSync(`${file}.gz`) ? "gzip" : null;
  const served = variant === "br" ? `${file}.br` : variant === "gzip" ? `${file}.gz` : file;
  res.writeHead(200, {
    "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "Cache-Control": cache,
    Vary: "Accept-Encoding",
    ...(variant ? { "Content-Encoding": variant } : {}),
  });
  createReadStream(served).pipe(res);
}

function text(res: ServerResponse, status: number, body: string, type = "text/plain; charset=utf-8", extra: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", ...extra });
  res.end(body);
}

function cors(req: IncomingMessage): Record<string, string> {
  return { "Access-Control-Allow-Origin": String(req.headers.origin ?? "*"), "Access-Control-Allow-Methods": "GET, POST", "Access-Control-Allow-Headers": "Content-Type", Vary: "Origin" };
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = "";
  for await (const chunk of req) raw += String(chunk);
  try {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function startHarnessServer(opts: { port?: number } = {}): Promise<HarnessServer> {
  const manifest = await buildHarness();
  let origin = "";
  let sessions = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const mechanic = url.searchParams.get("mechanic") ?? "match3_v1";
      const p = url.pathname;
      if (p === "/" || p === "/index.html") return text(res, 200, inlinePage(origin, mechanic, { lang: url.searchParams.get("lang"), hostLang: url.searchParams.get("host_lang") }), "text/html; charset=utf-8");
      if (p === "/shop") return text(res, 200, shopPage(origin, mechanic, url.searchParams.has("verified"), url.searchParams.has("open")), "text/html; charset=utf-8");
      if (p === "/favicon.ico") return text(res, 204, "");
      if (p === "/widget.js") return sendFile(req, res, path.join(PLAY_OUT, manifest.widget.file), "no-cache");
      if (p === "/harness/fake-api.js") return sendFile(req, res, path.join(HARNESS_OUT, "fake-api.js"), "no-store");
      if (p === "/v1/widget/session" || p === "/v1/widget/config") {
        if (req.method === "OPTIONS") return text(res, 204, "", "text/plain", cors(req));
        if (p === "/v1/widget/config") {
          const proj = HARNESS_PROJECTS.find((x) => x.id === url.searchParams.get("project_id"));
          if (!proj) return text(res, 404, JSON.stringify({ code: "not_found", message: "no project", request_id: "h" }), "application/json", cors(req));
          return text(res, 200, JSON.stringify({ theme: { primary: proj.accent, accent: proj.accent, on_accent: "#ffffff" }, game: { id: proj.mechanic, title: "Games" } }), "application/json", cors(req));
        }
        const body = await readBody(req);
        const anon = typeof body.anonymous_id === "string" ? body.anonymous_id : "";
        if (!/^[A-Za-z0-9_-]{8,128}$/.test(anon)) return text(res, 422, JSON.stringify({ code: "validation_error", message: "anonymous_id", request_id: "h" }), "application/json", cors(req));
        return text(res, 200, JSON.stringify({ session_token: `anon-${anon}-${++sessions}`, expires_at: new Date(Date.now() + 86_400_000).toISOString(), subject_type: "anonymous" }), "application/json", cors(req));
      }
      if (p === "/v1/play") {
        const projectId = url.searchParams.get("project_id") ?? "";
        const html = renderPlayHtml({
          assetBase: `/play/${manifest.release}/`,
          config: { project_id: projectId, api_base: "", release: manifest.release, parent_origin: url.searchParams.get("embed_origin") },
          preScripts: ["/harness/fake-api.js"],
          language: harnessLanguage(url, req.headers["accept-language"]),
        });
        return text(res, 200, html, "text/html; charset=utf-8");
      }
      const asset = /^\/play\/(r[0-9a-f]{12})\/([a-z0-9_/]+\.(?:js|css))$/.exec(p);
      if (asset && !asset[2]?.includes("..")) return sendFile(req, res, path.join(PLAY_OUT, "shell", asset[1] as string, asset[2] as string), "public, max-age=31536000, immutable");
      return text(res, 404, "not found");
    })().catch((e: unknown) => text(res, 500, String(e)));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://localhost:${port}`;
  return {
    url: origin,
    port,
    manifest,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  startHarnessServer({ port: Number(process.argv[2] ?? 4600) }).then(
    (s) => console.log(`play harness (${s.manifest.release}) on ${s.url}\n  ${s.url}/?mechanic=match3_v1\n  ${s.url}/?mechanic=memory_v1\n  ${s.url}/shop?mechanic=parcel_pilot_v1`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
