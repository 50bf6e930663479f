import { router } from "@/server/trpc/init";
import { configRoute } from "./config-get";
import { setConfigRoute } from "./config-put";
import { resolveFlagRoute } from "./flag-resolve";
import { listFlagsRoute } from "./flags-list";
import { metricsRoute } from "./metrics";
import { playerStatusRoute } from "./player-status-get";
import { setPlayerStatusRoute } from "./player-status-put";

export const fraudRouter = router({
  flags: listFlagsRoute,
  resolveFlag: resolveFlagRoute,
  playerStatus: playerStatusRoute,
  setPlayerStatus: setPlayerStatusRoute,
  metrics: metricsRoute,
  rules: configRoute,
  setRules: setConfigRoute,
});
