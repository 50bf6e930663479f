import { forEachOpenApiProcedure, generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { appRouter } from "@/server/routers/_app";
import { ERROR_CODES, type TErrorCode } from "@/server/errors/codes";
import { TRANSPORT_FAILURES } from "@/server/errors/wire-error";
import type { TAuthScheme } from "@/server/auth/audience";
import type { TMeta } from "@/server/trpc/init";
import { config } from "@/server/config/env";
import { appVersion } from "@/server/lib/version";
import { addExamples } from "./openapi-examples";
import type { TAnyPlainRoute } from "./plain-routes/route";
import { PLAIN_ROUTES } from "./plain-routes/table";

const SECURITY: Record<Exclude<TAuthScheme, "none">, Array<Record<string, string[]>>> = {
  session: [{ SessionBearer: [] }],
  session_or_query: [{ SessionBearer: [] }, { SessionQuery: [] }],
  server_key: [{ ServerKeyBearer: [] }, { ServerKeyHeader: [] }, { LegacyServerKeyHeader: [] }],
  admin: [{ AdminBearer: [] }, { AdminCookie: [] }],
  admin_bootstrap: [{ AdminBearer: [] }, { AdminCookie: [] }],
};

const DESCRIPTION = `Playloop HTTP API. All JSON routes live under \`/v1\`; this document is generated from the tRPC procedures that serve them.

**Errors.** Every error is JSON \`{ "code", "message", "request_id", … }\`: \`code\` is a stable machine code from the table below, \`request_id\` matches the \`X-Request-Id\` response header. Transport errors use \`validation_error\`: 400 malformed JSON, 413 body over 2 097 152 bytes (refused before parsing), 415 Content-Type other than \`application/json\`, 422 schema violation (with \`issues[]\` of \`{path, message}\`). Unknown routes answer JSON 404 \`not_found\`.

**Query parameters.** Numbers are read as numbers; a boolean is exactly \`true\` or \`false\` (anything else is 422); a list repeats its key (\`?kind=a&kind=b\`); a repeated key of a single value takes its first value.

| code | HTTP | meaning |
|---|---|---|
${Object.entries(ERROR_CODES)
  .map(([code, d]) => `| \`${code}\` | ${d.status} | ${d.description} |`)
  .join("\n")}

**Authentication.** A credential works only on its own plane: player session tokens on player routes, API keys on \`/v1/server/*\` and \`/v1/economy/grant\`, admin JWTs (or the \`legacy_admin_session\` cookie) on \`/v1/admin/*\`. Failed authentication answers 401 \`unauthorized\`; a valid credential without the right answers 403; a project or resource of another owner answers 404. A player session issued before the player's data was erased (\`DELETE /v1/admin/projects/{project_id}/players/{external_user_id}/data\`) is refused on every player route with 401 \`session_erased\`, on the widget endpoints too when it is given; a session the site issues after the erasure works.`;

let cached: OpenAPIObject | null = null;

/** The OpenAPI 3.1 document, generated from the procedures and post-processed for the error contract and auth schemes. */
export function openApiDocument(): OpenAPIObject {
  if (cached) return cached;
  const doc = generateOpenApiDocument(appRouter, {
    title: "Playloop API",
    version: appVersion(),
    description: DESCRIPTION,
    baseUrl: config().publicBaseUrl,
    paths: describePlainRoutes(PLAIN_ROUTES) as never,
    securitySchemes: {
      SessionBearer: { type: "http", scheme: "bearer", description: "Player session token from /v1/server/session-token or /v1/widget/session" },
      SessionQuery: { type: "apiKey", in: "query", name: "session_token", description: "Legacy fallback on /v1/progress/state and the widget endpoints only; discouraged. Never logged; those answers carry `Referrer-Policy: no-referrer`." },
      ServerKeyBearer: { type: "http", scheme: "bearer", description: "Server API key as `Authorization: Bearer <API_KEY>`" },
      ServerKeyHeader: { type: "apiKey", in: "header", name: "X-Service-Server-Key" },
      LegacyServerKeyHeader: { type: "apiKey", in: "header", name: "X-Legacy-Server-Key" },
      AdminBearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Admin JWT from /v1/admin/auth/login" },
      AdminCookie: { type: "apiKey", in: "cookie", name: "legacy_admin_session", description: "HttpOnly cookie, path /v1/admin; writes need an allowed Origin" },
    },
  });
  doc.components ??= {};
  doc.components.schemas = { ...(doc.components.schemas ?? {}), Error: ERROR_SCHEMA as never };
  forEachOpenApiProcedure(appRouter._def.procedures, ({ meta }) => {
    const m = meta as TMeta & { openapi: NonNullable<TMeta["openapi"]> };
    const op = doc.paths?.[m.openapi.path]?.[m.openapi.method.toLowerCase() as "get"];
    if (!op) return;
    const auth = m.auth ?? "none";
    if (auth === "none") delete op.security;
    else op.security = SECURITY[auth];
    op.responses = { ...pickSuccess(op.responses), ...errorResponses(auth, m.errors ?? [], m.openapi.method) };
  });
  addExamples(doc);
  cached = doc;
  return doc;
}

/**
 * The plain routes' documented operations, from the same table the router serves: one per method
 * (HEAD goes with GET), security from the route's audience like a procedure's.
 */
export function describePlainRoutes(routes: readonly TAnyPlainRoute[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.openapi) continue;
    const { tags, summary, description, parameters, responses, security } = route.openapi;
    for (const method of route.methods.filter((m) => m !== "HEAD")) {
      (paths[route.path] ??= {})[method.toLowerCase()] = {
        tags,
        summary,
        description,
        ...(route.auth === "none" ? {} : { security: security ?? SECURITY[route.auth] }),
        ...(parameters ? { parameters } : {}),
        responses,
      };
    }
  }
  return paths;
}

function pickSuccess(responses: Record<string, unknown> | undefined) {
  return Object.fromEntries(Object.entries(responses ?? {}).filter(([status]) => status.startsWith("2")));
}

function errorResponses(auth: TAuthScheme, codes: TErrorCode[], method: string) {
  const all = new Set<TErrorCode>(codes);
  if (method !== "GET" || codes.length > 0) all.add("validation_error");
  if (auth !== "none") all.add("unauthorized");
  if (auth === "session" || auth === "session_or_query") all.add("session_erased");
  if (auth === "admin") all.add("two_factor_required");
  all.add("internal_error");
  // Any route can meet a dependency that is down (server/errors/dependency-down.ts).
  all.add("service_unavailable");
  const byStatus = new Map<number, TErrorCode[]>();
  for (const code of all) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  if (all.has("validation_error") && method !== "GET") {
    for (const { status } of Object.values(TRANSPORT_FAILURES)) byStatus.set(status, ["validation_error"]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((c) => `\`${c}\`: ${ERROR_CODES[c].description}`).join("; "),
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      ]),
  );
}

const ERROR_SCHEMA: Record<string, unknown> = {
  type: "object",
  required: ["code", "message", "request_id"],
  properties: {
    code: { type: "string", enum: Object.keys(ERROR_CODES), description: "Stable machine-readable error code" },
    message: { type: "string", description: "Human-readable explanation; safe to show, never internal details" },
    request_id: { type: "string", description: "Same as the X-Request-Id response header" },
    issues: {
      type: "array",
      description: "Schema violations (validation_error 422 only)",
      items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } },
    },
  },
  additionalProperties: true,
  description: "Error body. Some codes add public detail fields (for example `reason` on mechanic_unavailable).",
};
