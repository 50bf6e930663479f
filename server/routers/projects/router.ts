import { router } from "@/server/trpc/init";
import { createKeyRoute } from "./api-key-create";
import { revokeKeyRoute } from "./api-key-revoke";
import { listKeysRoute } from "./api-keys-list";
import { createProjectRoute } from "./create";
import { embedRoute } from "./embed";
import { getProjectRoute } from "./get";
import { levelGoalsRoute } from "./level-goals";
import { listProjectsRoute } from "./list";
import { templatesRoute } from "./templates";
import { updateProjectRoute } from "./update";
import { getWordingRoute, putWordingRoute } from "./wording";

export const projectsRouter = router({
  list: listProjectsRoute,
  create: createProjectRoute,
  get: getProjectRoute,
  update: updateProjectRoute,
  embed: embedRoute,
  apiKeys: listKeysRoute,
  createApiKey: createKeyRoute,
  revokeApiKey: revokeKeyRoute,
  templates: templatesRoute,
  levelGoals: levelGoalsRoute,
  wording: getWordingRoute,
  setWording: putWordingRoute,
});
