import { router } from "@/server/trpc/init";
import * as P from "./procedures";

export const eventsRouter = router({
  player: P.playerEventRoute,
  server: P.serverEventRoute,
  business: P.businessEventRoute,
  progress: P.progressRoute,
});
