import { randomUUID } from "node:crypto";

/**
 * Unknown /v1 routes: JSON 404 in the error contract. Next.js only sees the /v1 requests nothing
 * else claimed: the web listener (server/http/server.ts) serves the plain routes of
 * server/http/plain-routes/table.ts (loader, shell, assets, admin preview) and the JSON façade's
 * procedures itself, and the façade hands anything else it has no route for to Next.js.
 */
function notFound(request: Request): Response {
  const requestId = request.headers.get("x-request-id") ?? randomUUID();
  return Response.json(
    { code: "not_found", message: `No route ${request.method} ${new URL(request.url).pathname}`, request_id: requestId },
    { status: 404, headers: { "X-Request-Id": requestId } },
  );
}
export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
