import { router } from "@/server/trpc/init";
import { healthRoute } from "./health";
import { readyRoute } from "./ready";
import { statusRoute } from "./status";
import { demoTokenRoute } from "./demo-token";

export const opsRouter = router({
  health: healthRoute,
  ready: readyRoute,
  status: statusRoute,
  demoToken: demoTokenRoute,
});
