import { listPlayerSessions } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { sessionsMeta, ZPlayerListRequestSchema, ZSessionsResponseSchema } from "./players.types";

export const sessionsRoute = adminProcedure
  .meta(sessionsMeta)
  .input(ZPlayerListRequestSchema)
  .output(ZSessionsResponseSchema)
  .query(({ ctx, input }) => listPlayerSessions({ accountId: ctx.admin.accountId, projectId: input.project_id, externalUserId: input.external_user_id, limit: input.limit }));
