import { listAdminSessions } from "@/server/domain/identity";
import { adminProcedure } from "@/server/trpc/procedures";
import { sessionsListMeta, ZSessionsListRequestSchema, ZSessionsListResponseSchema } from "./sessions-list.types";

export const sessionsListRoute = adminProcedure
  .meta(sessionsListMeta)
  .input(ZSessionsListRequestSchema)
  .output(ZSessionsListResponseSchema)
  .query(({ ctx, input }) =>
    listAdminSessions({ accountId: ctx.admin.accountId, currentSessionId: ctx.admin.sessionId, limit: input.limit, cursor: input.cursor, ip: ctx.clientIp() }),
  );
