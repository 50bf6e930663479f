import { router } from "@/server/trpc/init";
import { widgetConfigRoute } from "./config";
import { widgetExposureRoute } from "./exposure";

export const widgetRouter = router({ config: widgetConfigRoute, exposure: widgetExposureRoute });
