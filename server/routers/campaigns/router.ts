import { router } from "@/server/trpc/init";
import { createCampaignRoute } from "./create";
import { listCampaignsRoute } from "./list";
import { updateCampaignRoute } from "./update";

export const campaignsRouter = router({ list: listCampaignsRoute, create: createCampaignRoute, update: updateCampaignRoute });
