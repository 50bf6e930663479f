import { router } from "@/server/trpc/init";
import { businessEventRoute } from "./business-event";
import { playerEventRoute } from "./player-event";
import { progressRoute } from "./progress";
import { serverEventRoute } from "./server-event";

export const eventsRouter = router({
  player: playerEventRoute,
  server: serverEventRoute,
  business: businessEventRoute,
  progress: progressRoute,
});
