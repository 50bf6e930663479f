import type { TAuthRequest } from "@/server/auth/request";

/** A request as the authentication functions see it, built without any transport. */
export function authRequest(opts: { method?: string; origin?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {}): TAuthRequest {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    method: opts.method ?? "GET",
    origin: opts.origin ?? null,
    header: (name) => headers[name.toLowerCase()],
    cookie: (name) => opts.cookies?.[name],
    responseHeaders: [],
  };
}
