import { progressState } from "@/server/domain/play/progress-state";
import { AppError } from "@/server/errors/app-error";
import { optionalPlayer } from "@/server/trpc/auth/player";
import { bearerToken } from "@/server/trpc/auth/credentials";
import { publicProcedure } from "@/server/trpc/procedures";
import { progressMeta, ZProgressRequestSchema, ZProgressResponseSchema } from "./progress.types";

// The legacy `session_token` query fallback means this route resolves its own credential.
export const progressRoute = publicProcedure
  .meta(progressMeta)
  .input(ZProgressRequestSchema)
  .output(ZProgressResponseSchema)
  .query(async ({ ctx, input }) => {
    const player = await optionalPlayer(bearerToken(ctx), input.session_token);
    if (!player) throw new AppError("unauthorized", "Player session token required");
    return progressState({ player });
  });
