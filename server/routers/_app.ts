import { router } from "@/server/trpc/init";
import { opsRouter } from "./ops/router";

/** The whole API: every /v1 JSON route is a procedure here with OpenAPI meta. */
export const appRouter = router({
  ops: opsRouter,
});

export type TAppRouter = typeof appRouter;
