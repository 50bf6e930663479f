import { getWidgetConfig } from "@/server/domain/widget/widget";
import { optionalPlayer } from "@/server/trpc/auth/player";
import { bearerToken } from "@/server/trpc/auth/credentials";
import { publicProcedure } from "@/server/trpc/procedures";
import { configMeta, ZConfigRequestSchema, ZConfigResponseSchema } from "./widget.types";

export const widgetConfigRoute = publicProcedure
  .meta(configMeta)
  .input(ZConfigRequestSchema)
  .output(ZConfigResponseSchema)
  .query(async ({ ctx, input }) => {
    const player = await optionalPlayer(bearerToken(ctx), input.session_token);
    return getWidgetConfig({ projectId: input.project_id, player });
  });
