import { getWidgetConfig } from "@/server/domain/gameplay";
import { acceptedLanguages } from "@/i18n/languages";
import { authenticatePlayer } from "@/server/auth/player";
import { publicProcedure } from "@/server/trpc/procedures";
import { configMeta, ZConfigRequestSchema, ZConfigResponseSchema } from "./widget.types";

export const widgetConfigRoute = publicProcedure
  .meta(configMeta)
  .input(ZConfigRequestSchema)
  .output(ZConfigResponseSchema)
  .query(async ({ ctx, input }) => {
    const player = await authenticatePlayer(ctx, { queryToken: input.session_token, optional: true });
    const accept = acceptedLanguages(ctx.header("accept-language"));
    return getWidgetConfig({ projectId: input.project_id, player, languageWishes: [input.lang, input.host_lang, ...accept] });
  });
