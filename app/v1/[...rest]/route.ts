import { randomUUID } from "node:crypto";

/**
 * Unknown /v1 routes: JSON 404 in the error contract. JSON routes are answered by the façade
 * before Next.js; non-JSON /v1 routes (loader, shell, assets) are route handlers beside this one.
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
