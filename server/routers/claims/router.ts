import { router } from "@/server/trpc/init";
import { listClaimsRoute } from "./list";
import { rejectClaimRoute } from "./reject";
import { releaseClaimRoute } from "./release";

export const claimsRouter = router({ list: listClaimsRoute, release: releaseClaimRoute, reject: rejectClaimRoute });
