import { router } from "@/server/trpc/init";
import { ssoLinkRoute } from "./link";
import { ssoStatusRoute } from "./status";
import { ssoUnlinkRoute } from "./unlink";

export const adminSsoRouter = router({ status: ssoStatusRoute, link: ssoLinkRoute, unlink: ssoUnlinkRoute });
