import { router } from "@/server/trpc/init";
import { wheelDraftRoute } from "./draft-get";
import { wheelDraftPutRoute } from "./draft-put";
import { wheelPublishRoute } from "./publish";
import { wheelSettingsRoute } from "./settings-get";
import { wheelSettingsPutRoute } from "./settings-put";
import { wheelSimulateRoute } from "./simulate";
import { wheelStatsRoute } from "./stats";

export const wheelAdminRouter = router({
  settings: wheelSettingsRoute,
  updateSettings: wheelSettingsPutRoute,
  draft: wheelDraftRoute,
  saveDraft: wheelDraftPutRoute,
  publish: wheelPublishRoute,
  simulate: wheelSimulateRoute,
  stats: wheelStatsRoute,
});
