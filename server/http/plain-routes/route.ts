import type { IncomingMessage, ServerResponse } from "node:http";
import type { TAuthScheme, TPrincipalOf } from "@/server/auth/audience";
import type { TContext } from "@/server/trpc/context";

type TPlainMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a plain route's handler gets besides the raw request and response. */
export type TPlainRequest<A extends TAuthScheme> = {
  /** The request view procedures get too: request id, headers, cookies, responseHeaders (written on errors as well). */
  ctx: TContext;
  url: URL;
  /** Path parameters by template name, as raw (still percent-encoded) segments: handlers validate them. A subtree route gets the rest of the path as `*`. */
  params: Record<string, string>;
  /** The raw request body, for routes that declare `rawBody` (undefined otherwise). */
  body: Buffer | undefined;
  /** The declared audience's one authentication function (server/auth); the handler decides when to call it. */
  authenticate(): Promise<TPrincipalOf<A>>;
};

/** The OpenAPI operation of a plain route, written out because no generator can describe it. Security comes from `auth`. */
type TPlainOperation = {
  tags: string[];
  summary: string;
  description: string;
  parameters?: Array<Record<string, unknown>>;
  responses: Record<string, unknown>;
  /** Narrower than the audience's schemes (background upload takes the admin cookie only). */
  security?: Array<Record<string, string[]>>;
};

/**
 * A route that is not a JSON procedure: exact bytes and headers (scripts, HTML, hashed assets) or,
 * with `rawBody`, a body that is not JSON (signed webhooks, uploads). One entry feeds the plain
 * router and the OpenAPI document.
 */
export type TPlainRoute<A extends TAuthScheme = TAuthScheme> = {
  methods: readonly TPlainMethod[];
  /** OpenAPI path template; `{name}` matches one raw segment. Matching is exact and case-sensitive. */
  path: `/${string}`;
  /** `subtree`: the handler owns every path under the template's static prefix and answers its own 404s. */
  match?: "exact" | "subtree";
  /** Also answer the path with a trailing slash. */
  trailingSlash?: boolean;
  auth: A;
  /** Path parameters that are credentials: the access log writes their name, never their value. */
  secretParams?: readonly string[];
  /** Read the whole body before the handler runs, refused with 413 past `maxBytes` (before reading it when Content-Length says so). */
  rawBody?: { maxBytes: number };
  handler: (req: IncomingMessage, res: ServerResponse, r: TPlainRequest<A>) => Promise<void>;
  /** Documented under each method except HEAD; absent for routes outside the API reference (the demo page). */
  openapi?: TPlainOperation;
};

/** Any route of a table, whatever its audience. */
export type TAnyPlainRoute = { [A in TAuthScheme]: TPlainRoute<A> }[TAuthScheme];

/** Infers the audience, so the handler's `authenticate()` returns that audience's principal. */
export function definePlainRoute<A extends TAuthScheme>(route: TPlainRoute<A>): TPlainRoute<A> {
  return route;
}
