import { getWidgetConfig } from "@/server/domain/gameplay";
import { languageWishes } from "@/i18n/languages";
import { authenticatePlayer } from "@/server/auth/player";
import { publicProcedure } from "@/server/trpc/procedures";
import { configMeta, ZConfigRequestSchema, ZConfigResponseSchema } from "./widget.types";

export const widgetConfigRoute = publicProcedure
  .meta(configMeta)
  .input(ZConfigRequestSchema)
  .output(ZConfigResponseSchema)
  .query(async ({ ctx, input }) => {
    const player = await authenticatePlayer(ctx, { queryToken: input.session_token, optional: true });
    return getWidgetConfig({ projectId: input.project_id, player, languageWishes: languageWishes(input.lang, input.host_lang, ctx.header("accept-language")) });
  });
