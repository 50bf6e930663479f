import { TRPCClientError, type TRPCClientErrorLike } from "@trpc/client";
import type { TConsoleRouter } from "@/server/routers/console";

/** A server error reduced to what the console shows: the domain code, a safe message and field issues. */
export type TConsoleError = {
  code: string;
  message: string;
  httpStatus: number | undefined;
  issues: Array<{ path: string; message: string }>;
  details: Record<string, unknown>;
};

type TClientError = TRPCClientErrorLike<TConsoleRouter>;

/** A tRPC error the server answered (with its error data); transport failures carry no data. */
function isServerAnswer(e: unknown): e is TClientError & { data: NonNullable<TClientError["data"]> } {
  return e instanceof TRPCClientError && e.data != null;
}

export function toConsoleError(e: unknown): TConsoleError {
  if (isServerAnswer(e)) {
    const data = e.data;
    const code = data.appCode ?? "internal_error";
    // Schema violations carry `issues`; domain validation (a campaign's trigger params, a
    // webhook URL) names its fields in `details.issues` instead. Both point at a field.
    const issues = data.issues ?? detailIssues(data.details);
    // Validation failures carry a machine-readable message; the issues read better.
    const message =
      code === "validation_error" && issues.length > 0 ? issues.map((i) => i.message).join("; ") : e.message || "Something went wrong";
    return { code, message, httpStatus: data.httpStatus, issues, details: data.details ?? {} };
  }
  // Anything else (a tRPC transport failure such as "Failed to fetch", or a plain Error).
  const message = e instanceof Error && e.message ? e.message : "Something went wrong";
  const network = e instanceof TypeError || /fetch|network/i.test(message);
  return {
    code: network ? "network_error" : "internal_error",
    message: network ? "Could not reach the server. Check your connection and try again." : message,
    httpStatus: undefined,
    issues: [],
    details: {},
  };
}

function detailIssues(details: Record<string, unknown> | undefined): TConsoleError["issues"] {
  const raw = details?.issues;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((i) => (i && typeof i.path === "string" && typeof i.message === "string" ? [{ path: i.path, message: i.message }] : []));
}

export function errorCode(e: unknown): string | null {
  return e ? toConsoleError(e).code : null;
}

/** Field errors keyed by the first path segment ("allowed_origins.2" → "allowed_origins"). */
export function fieldErrors(e: unknown): Record<string, string> {
  if (!e) return {};
  const out: Record<string, string> = {};
  for (const issue of toConsoleError(e).issues) {
    const [head, index] = issue.path.split(".");
    if (!head || out[head]) continue;
    out[head] = index !== undefined && /^\d+$/.test(index) ? `Line ${Number(index) + 1}: ${issue.message}` : issue.message;
  }
  return out;
}

/**
 * Field errors keyed by their full path ("trigger_params.level_max"), for forms whose fields
 * nest. A message is kept per path; `fallback` collects issues no field claims.
 */
export function issuesByPath(e: unknown): Record<string, string> {
  if (!e) return {};
  const out: Record<string, string> = {};
  for (const issue of toConsoleError(e).issues) out[issue.path] ??= issue.message;
  return out;
}

/**
 * A path on this console to return to after sign-in (`next=`), or the default. It is read as the
 * browser will read it — tabs and line breaks dropped, backslashes taken for slashes — and kept
 * only when it stays on `origin`: a prefix check let "/\t/evil.example" through, which the router
 * navigates to as "//evil.example" (an open redirect right after a real sign-in).
 */
export function safeNext(raw: string | null | undefined, origin: string, fallback = "/projects"): string {
  if (!raw || !raw.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return fallback;
  }
  return url.origin === origin ? url.pathname + url.search + url.hash : fallback;
}

export function nextFromLocation(fallback = "/projects"): string {
  if (typeof window === "undefined") return fallback;
  return safeNext(new URLSearchParams(window.location.search).get("next"), window.location.origin, fallback);
}
