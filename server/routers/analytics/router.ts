import { router } from "@/server/trpc/init";
import { abRoute } from "./ab";
import { caseRoute } from "./case";
import { restartRoute } from "./experiment-restart";
import { funnelRoute } from "./funnel";
import { leaderboardRoute } from "./leaderboard";
import { overviewRoute } from "./overview";
import { seriesRoute } from "./session-series";

export const analyticsRouter = router({
  overview: overviewRoute,
  funnel: funnelRoute,
  sessionSeries: seriesRoute,
  ab: abRoute,
  caseStudy: caseRoute,
  leaderboard: leaderboardRoute,
  restartExperiment: restartRoute,
});
