import { router } from "@/server/trpc/init";
import { completeStepRoute } from "./complete";
import { onboardingRoute } from "./get";

export const onboardingRouter = router({ get: onboardingRoute, complete: completeStepRoute });
