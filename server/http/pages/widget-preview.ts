import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "@/server/config/env";
import { widgetPreviewModel } from "@/server/domain/gameplay";
import { AppError } from "@/server/errors/app-error";
import type { TPlainRequest } from "../plain-routes/route";
import { sendBody } from "../static/send";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * GET /v1/admin/widget-preview?project_id=…&mode=preview[&template_id=…][&primary_color=…]: an HTML
 * preview of the project's lobby for its owner (admin cookie or bearer, verified 2FA). It creates
 * no run, progress or reward; tokens in the URL are refused; the CSP lets only the admin origins
 * frame it. Plain handler because the answer is HTML; it uses the same admin authentication and
 * ownership checks as the admin procedures. Errors are thrown: the plain router answers them in
 * the JSON error contract. The URL-token refusal comes first, so a token in the URL is named as
 * the mistake even without a credential.
 */
export async function serveWidgetPreview(req: IncomingMessage, res: ServerResponse, { url, authenticate }: TPlainRequest<"admin">): Promise<void> {
  for (const banned of ["session_token", "token", "access_token"]) {
    if (url.searchParams.has(banned)) throw new AppError("validation_error", "Tokens in URLs are forbidden; use the admin cookie or an Authorization header");
  }
  const { admin } = await authenticate();
  if (url.searchParams.get("mode") !== "preview") throw new AppError("validation_error", "mode must be preview");
  const projectId = url.searchParams.get("project_id");
  if (!projectId) throw new AppError("validation_error", "project_id is required");
  const m = await widgetPreviewModel({
    accountId: admin.accountId,
    projectId,
    templateId: url.searchParams.get("template_id"),
    primaryColor: url.searchParams.get("primary_color"),
  });
  const nonce = randomBytes(12).toString("base64");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Preview · ${esc(m.projectName)}</title>
<style nonce="${nonce}">
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef0f7;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e1b4b}
.phone{width:360px;min-height:640px;border-radius:32px;background:linear-gradient(180deg,#f5f3ff,#fff);box-shadow:0 20px 60px rgba(30,27,75,.18);padding:48px 20px 24px;display:flex;flex-direction:column;gap:16px}
.badge{align-self:center;font-size:12px;letter-spacing:.12em;text-transform:uppercase;color:${m.accent};font-weight:700}
h1{margin:0;text-align:center;font-size:28px}
.card{background:#fff;border-radius:20px;padding:20px;box-shadow:0 4px 16px rgba(30,27,75,.08);display:flex;flex-direction:column;gap:12px}
.level{align-self:center;width:72px;height:72px;border-radius:50%;background:${m.accent};color:${m.onAccent};display:flex;flex-direction:column;align-items:center;justify-content:center;font-weight:800;font-size:26px}
.level small{font-size:10px;letter-spacing:.1em}
ul{margin:0;padding-left:18px;font-size:15px}li{margin:4px 0}
.muted{color:#6b7280;font-size:13px;text-align:center;margin:0}
.play{border:0;border-radius:999px;padding:14px;background:${m.accent};color:${m.onAccent};font-size:16px;font-weight:700}
.note{font-size:12px;color:#6b7280;text-align:center}
${m.lobbyBackground ? `.phone{background:linear-gradient(rgba(255,255,255,.58),rgba(255,255,255,.58)),url("${esc(m.lobbyBackground.url)}") center/cover no-repeat}` : ""}
</style></head><body>
<main class="phone" data-testid="widget-preview" data-accent="${m.accent}"${m.lobbyBackground ? ` data-background="${esc(m.lobbyBackground.url)}"` : ""}>
<span class="badge">${m.gameMode === "free_play" ? "Free play" : "Play &amp; win"}</span>
<h1>${esc(m.title)}</h1>
<section class="card">
${m.gameId ? `<div class="level"><small>LEVEL</small>1</div>` : ""}
${m.goals.length ? `<ul>${m.goals.map((g) => `<li>${esc(g)}</li>`).join("")}</ul>` : `<p class="muted">Select a game to see what players will play.</p>`}
${m.constraints.length ? `<p class="muted">${esc(m.constraints.join(" · "))}${m.levelsTotal ? ` · ${m.levelsTotal} levels` : ""}</p>` : ""}
${m.gameId ? `<button class="play" type="button" disabled>Play level 1</button>` : ""}
</section>
<p class="note">Preview · accent ${esc(m.accent)} on white text, contrast ${m.contrast}:1 · nothing here is saved or played</p>
</main></body></html>`;
  const ancestors = ["'self'", ...config().adminOrigins].join(" ");
  return sendBody(req, res, 200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' data:; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'none'`,
    "Referrer-Policy": "no-referrer",
  }, html);
}
