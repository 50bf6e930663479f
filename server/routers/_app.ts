import { router } from "@/server/trpc/init";
import { adminAuthRouter } from "./admin-auth/router";
import { billingRouter } from "./billing/router";
import { onboardingRouter } from "./onboarding/router";
import { analyticsRouter } from "./analytics/router";
import { campaignsRouter } from "./campaigns/router";
import { economyAdminRouter, economyRouter } from "./economy/router";
import { claimsRouter } from "./claims/router";
import { fraudRouter } from "./fraud/router";
import { playersRouter } from "./players/router";
import { eventsRouter } from "./events/router";
import { gameRunsRouter } from "./game-runs/router";
import { lobbyRouter } from "./lobby/router";
import { opsRouter } from "./ops/router";
import { playerSessionsRouter } from "./player-sessions/router";
import { projectsRouter } from "./projects/router";
import { twoFactorRouter } from "./two-factor/router";
import { webhooksRouter, webhooksServerRouter } from "./webhooks/router";
import { eventLogRouter } from "./event-log/router";
import { notificationsRouter } from "./notifications/router";
import { searchRouter } from "./search/router";
import { wheelRouter } from "./wheel/router";
import { wheelAdminRouter } from "./wheel-admin/router";
import { widgetRouter } from "./widget/router";

/** The whole API: every /v1 JSON route is a procedure here with OpenAPI meta. Router files only assemble. */
export const appRouter = router({
  ops: opsRouter,
  adminAuth: adminAuthRouter,
  twoFactor: twoFactorRouter,
  projects: projectsRouter,
  campaigns: campaignsRouter,
  webhooks: webhooksRouter,
  webhooksServer: webhooksServerRouter,
  claims: claimsRouter,
  analytics: analyticsRouter,
  fraud: fraudRouter,
  players: playersRouter,
  economyAdmin: economyAdminRouter,
  economy: economyRouter,
  playerSessions: playerSessionsRouter,
  widget: widgetRouter,
  gameRuns: gameRunsRouter,
  lobby: lobbyRouter,
  events: eventsRouter,
  wheel: wheelRouter,
  wheelAdmin: wheelAdminRouter,
  billing: billingRouter,
  onboarding: onboardingRouter,
  eventLog: eventLogRouter,
  notifications: notificationsRouter,
  search: searchRouter,
});

