import { adminAuthRouter } from "./admin-auth/router";
import { adminSsoRouter } from "./admin-sso/router";
import { analyticsRouter } from "./analytics/router";
import { billingRouter } from "./billing/router";
import { campaignsRouter } from "./campaigns/router";
import { claimsRouter } from "./claims/router";
import { economyAdminRouter, economyRouter } from "./economy/router";
import { eventLogRouter } from "./event-log/router";
import { eventsRouter } from "./events/router";
import { fraudRouter } from "./fraud/router";
import { gameRunsRouter } from "./game-runs/router";
import { lobbyRouter } from "./lobby/router";
import { notificationsRouter } from "./notifications/router";
import { onboardingRouter } from "./onboarding/router";
import { opsRouter } from "./ops/router";
import { playerSessionsRouter } from "./player-sessions/router";
import { playersRouter } from "./players/router";
import { projectsRouter } from "./projects/router";
import { searchRouter } from "./search/router";
import { twoFactorRouter } from "./two-factor/router";
import { webhooksRouter, webhooksServerRouter } from "./webhooks/router";
import { wheelRouter } from "./wheel/router";
import { wheelAdminRouter } from "./wheel-admin/router";
import { widgetRouter } from "./widget/router";

/**
 * Every router area, once, with the plane it serves: `admin` areas are the console's (reachable on
 * the internal endpoint /api/trpc as well as under /v1); the others — player, server-key, public
 * widget and operations procedures — only under /v1, so their transport-level limits (telemetry's
 * 256-byte body, play ingress rules) cannot be bypassed through the console endpoint. The order is
 * the API's (the OpenAPI document lists routes in it). `_app.ts` and `console.ts` derive from this.
 */
const AREAS = {
  ops: { plane: "other", router: opsRouter },
  adminAuth: { plane: "admin", router: adminAuthRouter },
  twoFactor: { plane: "admin", router: twoFactorRouter },
  adminSso: { plane: "admin", router: adminSsoRouter },
  projects: { plane: "admin", router: projectsRouter },
  campaigns: { plane: "admin", router: campaignsRouter },
  webhooks: { plane: "admin", router: webhooksRouter },
  webhooksServer: { plane: "other", router: webhooksServerRouter },
  claims: { plane: "admin", router: claimsRouter },
  analytics: { plane: "admin", router: analyticsRouter },
  fraud: { plane: "admin", router: fraudRouter },
  players: { plane: "admin", router: playersRouter },
  economyAdmin: { plane: "admin", router: economyAdminRouter },
  economy: { plane: "other", router: economyRouter },
  playerSessions: { plane: "other", router: playerSessionsRouter },
  widget: { plane: "other", router: widgetRouter },
  gameRuns: { plane: "other", router: gameRunsRouter },
  lobby: { plane: "other", router: lobbyRouter },
  events: { plane: "other", router: eventsRouter },
  wheel: { plane: "other", router: wheelRouter },
  wheelAdmin: { plane: "admin", router: wheelAdminRouter },
  billing: { plane: "admin", router: billingRouter },
  onboarding: { plane: "admin", router: onboardingRouter },
  eventLog: { plane: "admin", router: eventLogRouter },
  notifications: { plane: "admin", router: notificationsRouter },
  search: { plane: "admin", router: searchRouter },
} as const;

type TAreas = typeof AREAS;
type TRouters<P> = { [K in keyof TAreas as P extends TAreas[K]["plane"] ? K : never]: TAreas[K]["router"] };

/** The routers of the areas whose plane is one of `planes`, in the table's order. */
export function routersOf<P extends TAreas[keyof TAreas]["plane"]>(...planes: P[]): TRouters<P> {
  return Object.fromEntries(Object.entries(AREAS).filter(([, a]) => (planes as string[]).includes(a.plane)).map(([k, a]) => [k, a.router])) as TRouters<P>;
}
