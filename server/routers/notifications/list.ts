import { listNotifications } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { notificationsMeta, ZNotificationsRequestSchema, ZNotificationsResponseSchema } from "./notifications.types";

export const listNotificationsRoute = adminProcedure
  .meta(notificationsMeta)
  .input(ZNotificationsRequestSchema)
  .output(ZNotificationsResponseSchema)
  .query(({ ctx, input }) => listNotifications({ accountId: ctx.admin.accountId, projectId: input.project_id }));
