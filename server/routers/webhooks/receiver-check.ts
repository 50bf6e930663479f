import { routePolicy } from "@/server/trpc/policy";
import { checkReceiverAsAdmin, checkReceiverWithKey, latestReceiverCheckAsAdmin } from "@/server/domain/platform";
import { adminProcedure, serverKeyProcedure } from "@/server/trpc/procedures";
import { ZProjectInput } from "./webhooks.types";
import { adminCheckMeta, latestCheckMeta, serverCheckMeta, ZAdminCheckRequestSchema, ZLatestReportSchema, ZReceiverReportSchema, ZServerCheckRequestSchema } from "./receiver-check.types";

export const receiverCheckRoute = adminProcedure
  .meta(adminCheckMeta)
  .input(ZAdminCheckRequestSchema)
  .use(routePolicy)
  .output(ZReceiverReportSchema)
  .mutation(({ ctx, input }) => checkReceiverAsAdmin({ accountId: ctx.admin.accountId, projectId: input.project_id, url: input.url, requestId: ctx.requestId, limits: ctx.limits }));

export const latestReceiverCheckRoute = adminProcedure
  .meta(latestCheckMeta)
  .input(ZProjectInput)
  .output(ZLatestReportSchema)
  .query(({ ctx, input }) => latestReceiverCheckAsAdmin({ accountId: ctx.admin.accountId, projectId: input.project_id }));

export const serverReceiverCheckRoute = serverKeyProcedure
  .meta(serverCheckMeta)
  .input(ZServerCheckRequestSchema)
  .use(routePolicy)
  .output(ZReceiverReportSchema)
  .mutation(({ ctx, input }) => checkReceiverWithKey({ key: ctx.apiKey, projectId: input.project_id, url: input.url, requestId: ctx.requestId, limits: ctx.limits }));
