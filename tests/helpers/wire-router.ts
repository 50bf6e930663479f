import { z } from "zod";
import { AppError } from "@/server/errors/app-error";
import { router, type TMeta } from "@/server/trpc/init";
import { publicProcedure } from "@/server/trpc/procedures";

/**
 * Test-only procedures that fail in every way a real one can, so the wire shape of each failure
 * can be compared on the REST façade (/v1) and the console endpoint (/api/trpc).
 */
const get = (path: `/${string}`): TMeta => ({ openapi: { method: "GET", path, protect: false }, auth: "none" });
const post = (path: `/${string}`): TMeta => ({ openapi: { method: "POST", path, protect: false }, auth: "none" });
const ZOut = z.object({ ok: z.boolean() });
const ZNone = z.object({}).optional();

export const wireRouter = router({
  wire: router({
    ok: publicProcedure.meta(get("/v1/test/wire/ok")).input(ZNone).output(ZOut).query(() => ({ ok: true })),
    limited: publicProcedure
      .meta(get("/v1/test/wire/limited"))
      .input(ZNone)
      .output(ZOut)
      .query(({ ctx }) => {
        ctx.responseHeaders.push(["Set-Cookie", "wire=1; Path=/"]);
        throw new AppError("rate_limited", undefined, { headers: { "Retry-After": "7" } });
      }),
    details: publicProcedure
      .meta(get("/v1/test/wire/details"))
      .input(ZNone)
      .output(ZOut)
      .query(() => {
        throw new AppError("mechanic_unavailable", "Not built", { details: { reason: "client_not_built" } });
      }),
    status: publicProcedure
      .meta(post("/v1/test/wire/status"))
      .input(ZNone)
      .output(ZOut)
      .mutation(() => {
        throw new AppError("validation_error", "Payload too large for this route", { status: 413, details: { max_bytes: 4 } });
      }),
    internal: publicProcedure
      .meta(get("/v1/test/wire/internal"))
      .input(ZNone)
      .output(ZOut)
      .query(() => {
        throw new Error("secret internals at /srv/app.ts");
      }),
    internalApp: publicProcedure
      .meta(get("/v1/test/wire/internal-app"))
      .input(ZNone)
      .output(ZOut)
      .query(() => {
        throw new AppError("internal_error", "secret internals", { cause: new Error("db down") });
      }),
    schema: publicProcedure
      .meta(post("/v1/test/wire/schema"))
      .input(z.object({ n: z.number().int(), name: z.string().min(1) }))
      .output(ZOut)
      .mutation(() => ({ ok: true })),
    guarded: publicProcedure
      .use(({ ctx, next }) => {
        if (!ctx.header("authorization")) throw new AppError("unauthorized", "Test credential required");
        return next();
      })
      .meta(get("/v1/test/wire/guarded"))
      .input(ZNone)
      .output(ZOut)
      .query(() => ({ ok: true })),
  }),
});
