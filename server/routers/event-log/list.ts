import { listEvents } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { eventsMeta, ZEventsRequestSchema, ZEventsResponseSchema } from "./event-log.types";

export const listEventsRoute = adminProcedure
  .meta(eventsMeta)
  .input(ZEventsRequestSchema)
  .output(ZEventsResponseSchema)
  .query(({ ctx, input }) =>
    listEvents({
      accountId: ctx.admin.accountId,
      projectId: input.project_id,
      filters: { eventType: input.event_type, externalUserId: input.external_user_id, since: input.since ? new Date(input.since) : undefined, until: input.until ? new Date(input.until) : undefined },
      limit: input.limit,
      cursor: input.cursor,
    }),
  );
