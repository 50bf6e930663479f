import { router } from "@/server/trpc/init";
import { routersOf } from "./areas";

/**
 * What the console may call on the internal endpoint (/api/trpc): the admin plane only (areas.ts).
 * Player, server-key and public widget procedures are not reachable there, so their
 * transport-level limits (telemetry's 256-byte body, play ingress rules) cannot be bypassed through it.
 */
export const consoleRouter = router(routersOf("admin"));

export type TConsoleRouter = typeof consoleRouter;
