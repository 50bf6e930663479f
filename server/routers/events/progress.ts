import { progressState } from "@/server/domain/gameplay";
import { authenticatePlayer } from "@/server/auth/player";
import { publicProcedure } from "@/server/trpc/procedures";
import { progressMeta, ZProgressRequestSchema, ZProgressResponseSchema } from "./progress.types";

// The legacy `session_token` query fallback means this route resolves its own credential.
export const progressRoute = publicProcedure
  .meta(progressMeta)
  .input(ZProgressRequestSchema)
  .output(ZProgressResponseSchema)
  .query(async ({ ctx, input }) => {
    const player = await authenticatePlayer(ctx, { queryToken: input.session_token });
    return progressState({ player });
  });
