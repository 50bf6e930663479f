import { router } from "@/server/trpc/init";
import { listEventsRoute } from "./list";

export const eventLogRouter = router({ list: listEventsRoute });
