import { routePolicy } from "@/server/trpc/policy";
import { issueWidgetSession } from "@/server/domain/identity";
import { publicProcedure } from "@/server/trpc/procedures";
import { ZSessionTokenResponseSchema } from "./session-token.types";
import { widgetSessionMeta, ZWidgetSessionRequestSchema } from "./widget-session.types";

export const widgetSessionRoute = publicProcedure
  .meta(widgetSessionMeta)
  .input(ZWidgetSessionRequestSchema)
  .use(routePolicy)
  .output(ZSessionTokenResponseSchema)
  .mutation(({ ctx, input }) => issueWidgetSession({ projectId: input.project_id, anonymousId: input.anonymous_id, origin: ctx.origin, limits: ctx.limits }));
