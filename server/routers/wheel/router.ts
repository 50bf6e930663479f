import { router } from "@/server/trpc/init";
import { wheelRoute } from "./get";
import { spinRoute } from "./spin";
import { spinGetRoute } from "./spin-get";
import { spinSeenRoute } from "./spin-seen";

export const wheelRouter = router({ get: wheelRoute, spin: spinRoute, spinGet: spinGetRoute, spinSeen: spinSeenRoute });
