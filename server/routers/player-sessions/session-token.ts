import { routePolicy } from "@/server/trpc/policy";
import { issueServerSession } from "@/server/domain/identity";
import { serverKeyProcedure } from "@/server/trpc/procedures";
import { serverSessionTokenMeta, ZServerSessionTokenRequestSchema, ZSessionTokenResponseSchema } from "./session-token.types";

export const serverSessionTokenRoute = serverKeyProcedure
  .meta(serverSessionTokenMeta)
  .input(ZServerSessionTokenRequestSchema)
  .use(routePolicy)
  .output(ZSessionTokenResponseSchema)
  .mutation(({ ctx, input }) =>
    issueServerSession({ key: ctx.apiKey, projectId: input.project_id, externalUserId: input.external_user_id, ttlSeconds: input.ttl_seconds, limits: ctx.limits }),
  );
