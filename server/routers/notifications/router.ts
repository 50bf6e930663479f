import { router } from "@/server/trpc/init";
import { listNotificationsRoute } from "./list";

export const notificationsRouter = router({ list: listNotificationsRoute });
