import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "@/server/routers/_app";

/**
 * Sign-up, login and logout go through the REST façade (/v1/admin/auth/*) instead of /api/trpc:
 * the internal tRPC transport does not write the procedures' response headers, so the HttpOnly
 * session cookie would never be set (or cleared). The façade sets it on both cookie paths
 * (/v1/admin and /api/trpc), after which every other console call uses tRPC as usual.
 */
type TIn = inferRouterInputs<TAppRouter>["adminAuth"];
type TOut = inferRouterOutputs<TAppRouter>["adminAuth"];

/** Shaped like a TRPCClientError (message + data.appCode) so the console's error helpers read both. */
export class RestError extends Error {
  readonly data: { appCode: string; httpStatus: number; issues?: Array<{ path: string; message: string }>; details?: Record<string, unknown> };
  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.message === "string" ? body.message : `Request failed (${status})`);
    const { code, message: _m, request_id: _r, issues, ...details } = body;
    this.data = {
      appCode: typeof code === "string" ? code : status >= 500 ? "internal_error" : "validation_error",
      httpStatus: status,
      issues: Array.isArray(issues) ? (issues as Array<{ path: string; message: string }>) : undefined,
      details,
    };
  }
}

async function post<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new RestError(res.status, json);
  return json as T;
}

export const authRest = {
  signup: (input: TIn["signup"]) => post<TOut["signup"]>("/v1/admin/auth/signup", input),
  login: (input: TIn["login"]) => post<TOut["login"]>("/v1/admin/auth/login", input),
  logout: () => post<TOut["logout"]>("/v1/admin/auth/logout"),
};
