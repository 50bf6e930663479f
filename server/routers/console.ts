import { router } from "@/server/trpc/init";
import { adminAuthRouter } from "./admin-auth/router";
import { billingRouter } from "./billing/router";
import { onboardingRouter } from "./onboarding/router";
import { analyticsRouter } from "./analytics/router";
import { campaignsRouter } from "./campaigns/router";
import { economyAdminRouter } from "./economy/router";
import { claimsRouter } from "./claims/router";
import { fraudRouter } from "./fraud/router";
import { playersRouter } from "./players/router";
import { projectsRouter } from "./projects/router";
import { twoFactorRouter } from "./two-factor/router";
import { webhooksRouter } from "./webhooks/router";
import { eventLogRouter } from "./event-log/router";
import { notificationsRouter } from "./notifications/router";
import { searchRouter } from "./search/router";
import { wheelAdminRouter } from "./wheel-admin/router";

/**
 * What the console may call on the internal endpoint (/api/trpc): the admin plane only. Player,
 * server-key and public widget procedures are not reachable there, so their transport-level
 * limits (telemetry's 256-byte body, play ingress rules) cannot be bypassed through it.
 */
export const consoleRouter = router({
  adminAuth: adminAuthRouter,
  twoFactor: twoFactorRouter,
  projects: projectsRouter,
  campaigns: campaignsRouter,
  webhooks: webhooksRouter,
  claims: claimsRouter,
  analytics: analyticsRouter,
  fraud: fraudRouter,
  players: playersRouter,
  economyAdmin: economyAdminRouter,
  wheelAdmin: wheelAdminRouter,
  billing: billingRouter,
  onboarding: onboardingRouter,
  eventLog: eventLogRouter,
  notifications: notificationsRouter,
  search: searchRouter,
});

export type TConsoleRouter = typeof consoleRouter;
