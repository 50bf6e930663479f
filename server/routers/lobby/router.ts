import { router } from "@/server/trpc/init";
import { lobbyRoute } from "./lobby";
import { telemetryRoute } from "./telemetry";

export const lobbyRouter = router({ state: lobbyRoute, telemetry: telemetryRoute });
