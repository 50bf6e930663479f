import { routePolicy } from "@/server/trpc/policy";
import { getExposure } from "@/server/domain/gameplay";
import { AppError } from "@/server/errors/app-error";
import { authenticatePlayer } from "@/server/auth/player";
import { publicProcedure } from "@/server/trpc/procedures";
import { exposureMeta, ZExposureRequestSchema, ZExposureResponseSchema } from "./widget.types";

export const widgetExposureRoute = publicProcedure
  .meta(exposureMeta)
  .input(ZExposureRequestSchema)
  .use(routePolicy)
  .output(ZExposureResponseSchema)
  .query(async ({ ctx, input }) => {
    const player = await authenticatePlayer(ctx, { queryToken: input.session_token, optional: true, erasedSessions: "in_domain" });
    if (player) return getExposure({ projectId: input.project_id, limits: ctx.limits, player });
    if (!input.external_user_id) throw new AppError("validation_error", "external_user_id or a session is required");
    return getExposure({ projectId: input.project_id, limits: ctx.limits, player: null, externalUserId: input.external_user_id });
  });
