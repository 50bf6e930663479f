import { router } from "@/server/trpc/init";
import { routersOf } from "./areas";

/** The whole API: every /v1 JSON route is a procedure here with OpenAPI meta (areas.ts lists the areas). */
export const appRouter = router(routersOf("admin", "other"));
