import { getExposure } from "@/server/domain/widget/widget";
import { AppError } from "@/server/errors/app-error";
import { optionalPlayer } from "@/server/trpc/auth/player";
import { bearerToken } from "@/server/trpc/auth/credentials";
import { publicProcedure } from "@/server/trpc/procedures";
import { exposureMeta, ZExposureRequestSchema, ZExposureResponseSchema } from "./widget.types";

export const widgetExposureRoute = publicProcedure
  .meta(exposureMeta)
  .input(ZExposureRequestSchema)
  .output(ZExposureResponseSchema)
  .query(async ({ ctx, input }) => {
    const player = await optionalPlayer(bearerToken(ctx), input.session_token);
    if (player && player.projectId !== input.project_id) throw new AppError("forbidden", "Session belongs to another project");
    const externalUserId = player?.externalUserId ?? input.external_user_id;
    if (!externalUserId) throw new AppError("validation_error", "external_user_id or a session is required");
    return getExposure({ projectId: input.project_id, externalUserId });
  });
