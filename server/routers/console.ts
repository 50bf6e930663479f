import { router } from "@/server/trpc/init";
import { adminAuthRouter } from "./admin-auth/router";
import { projectsRouter } from "./projects/router";
import { twoFactorRouter } from "./two-factor/router";

/**
 * What the console may call on the internal endpoint (/api/trpc): the admin plane only. Player,
 * server-key and public widget procedures are not reachable there, so their transport-level
 * limits (telemetry's 256-byte body, play ingress rules) cannot be bypassed through it.
 */
export const consoleRouter = router({
  adminAuth: adminAuthRouter,
  twoFactor: twoFactorRouter,
  projects: projectsRouter,
});

export type TConsoleRouter = typeof consoleRouter;
