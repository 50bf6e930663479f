import { router } from "@/server/trpc/init";
import * as P from "./procedures";

export const projectsRouter = router({
  list: P.listProjectsRoute,
  create: P.createProjectRoute,
  get: P.getProjectRoute,
  update: P.updateProjectRoute,
  embed: P.embedRoute,
  apiKeys: P.listKeysRoute,
  createApiKey: P.createKeyRoute,
  revokeApiKey: P.revokeKeyRoute,
  templates: P.templatesRoute,
  levelGoals: P.levelGoalsRoute,
});
