import { config } from "@/server/config/env";
import { AppError } from "@/server/errors/app-error";
import { safeRequest, type TOutboundResponse } from "@/server/lib/outbound";
import { receiveInboxMessage } from "./inbox";

type TWebhookRequest = { headers: Record<string, string>; body: string; timeoutMs: number };

const INBOX_PATH = /^\/v1\/webhooks\/inbox\/([0-9a-f]{64})$/;

/**
 * A project's test-inbox token when `url` is the service's own test inbox of that very project
 * (at one of the service's own origins), else null. Only then is a webhook handed over in
 * process; any other URL — the service's other routes, another project's inbox — goes through
 * the network and its rules like a stranger's.
 */
function ownInboxToken(projectId: string, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.search !== "" || u.hash !== "" || !config().adminOrigins.includes(u.origin)) return null;
  const token = INBOX_PATH.exec(u.pathname)?.[1];
  return token && token.startsWith(projectId.replace(/-/g, "")) ? token : null;
}

/**
 * Sends one signed webhook: to the project's own test inbox in process (so it works in every
 * mode, a loopback address included, without opening the network rules), to anything else through
 * the SSRF-safe client (resolved once, checked, pinned, no redirects, a deadline).
 */
export async function sendWebhook(projectId: string, url: string, req: TWebhookRequest): Promise<TOutboundResponse> {
  const token = ownInboxToken(projectId, url);
  if (!token) return safeRequest(url, { headers: req.headers, body: req.body, timeoutMs: req.timeoutMs });
  const started = performance.now();
  const lower = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const answer = await receiveInboxMessage({ token, rawBody: Buffer.from(req.body), header: (name) => lower[name] }).then(
    (r) => ({ status: 200, body: JSON.stringify(r) }),
    (e: unknown) => {
      if (!(e instanceof AppError)) throw e;
      return { status: e.appCode === "invalid_signature" ? 401 : e.appCode === "not_found" ? 404 : 400, body: JSON.stringify({ code: e.appCode, message: e.message }) };
    },
  );
  return { status: answer.status, headers: { "content-type": "application/json" }, bodyExcerpt: answer.body.slice(0, 512).replaceAll("\u0000", "\uFFFD"), durationMs: performance.now() - started, address: "in-process" };
}
