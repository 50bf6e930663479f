import { z } from "zod";
import { router, type TMeta } from "@/server/trpc/init";
import { publicProcedure } from "@/server/trpc/procedures";

/**
 * Test-only procedures that answer the input they parsed, to compare what the façade and
 * trpc-to-openapi's own handler make of the same request. A factory: trpc-to-openapi coerces
 * schemas in place, so each handler under test gets schemas of its own.
 */
export function createEchoRouter() {
  const meta = (method: "GET" | "DELETE" | "POST", path: `/${string}`): TMeta => ({ openapi: { method, path, protect: false }, auth: "none" });
  const ZEcho = z.record(z.string(), z.unknown());
  const scalars = () =>
    z.object({
      n: z.number(),
      i: z.number().int().optional(),
      b: z.boolean(),
      ob: z.boolean().optional(),
      s: z.string(),
      e: z.enum(["a", "b"]).optional(),
      d: z.number().default(7),
    });
  const echo = ({ input }: { input: unknown }) => input as Record<string, unknown>;
  return router({
    echo: router({
      scalars: publicProcedure.meta(meta("GET", "/v1/echo/scalars")).input(scalars()).output(ZEcho).query(echo),
      scalarsDelete: publicProcedure.meta(meta("DELETE", "/v1/echo/scalars")).input(scalars()).output(ZEcho).mutation(echo),
      arrays: publicProcedure
        .meta(meta("GET", "/v1/echo/arrays"))
        .input(z.object({ tags: z.array(z.string()), more: z.array(z.string()).optional(), nums: z.array(z.number()).optional() }))
        .output(ZEcho)
        .query(echo),
      byId: publicProcedure.meta(meta("GET", "/v1/echo/{id}/path")).input(z.object({ id: z.string(), n: z.number().optional() })).output(ZEcho).query(echo),
      nothing: publicProcedure.meta(meta("GET", "/v1/echo/nothing")).input(z.void()).output(ZEcho).query(() => ({ none: true })),
      body: publicProcedure.meta(meta("POST", "/v1/echo/body")).input(z.object({ n: z.number(), s: z.string() })).output(ZEcho).mutation(echo),
      bodyById: publicProcedure.meta(meta("POST", "/v1/echo/{id}/body")).input(z.object({ id: z.string(), s: z.string() })).output(ZEcho).mutation(echo),
    }),
  });
}
