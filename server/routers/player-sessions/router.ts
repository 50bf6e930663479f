import { router } from "@/server/trpc/init";
import { serverSessionTokenRoute } from "./session-token";
import { widgetSessionRoute } from "./widget-session";

export const playerSessionsRouter = router({
  serverSessionToken: serverSessionTokenRoute,
  widgetSession: widgetSessionRoute,
});
