import { ingestBusinessEvent, ingestPlayerEvent, ingestServerEvent } from "@/server/domain/events/ingest";
import { progressState } from "@/server/domain/play/progress-state";
import { AppError } from "@/server/errors/app-error";
import { optionalPlayer } from "@/server/trpc/auth/player";
import { bearerToken } from "@/server/trpc/auth/credentials";
import { playerProcedure, publicProcedure, serverKeyProcedure } from "@/server/trpc/procedures";
import * as T from "./events.types";

function idempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = value.trim();
  if (key.length === 0 || key.length > 128) throw new AppError("validation_error", "Idempotency-Key must be 1-128 characters");
  return key;
}

export const playerEventRoute = playerProcedure
  .meta(T.playerEventMeta)
  .input(T.ZPlayerEventRequestSchema)
  .output(T.ZEventAccepted)
  .mutation(({ ctx, input }) => ingestPlayerEvent({ player: ctx.player, type: input.type, payload: input.payload, sessionId: input.session_id }));

export const serverEventRoute = serverKeyProcedure
  .meta(T.serverEventMeta)
  .input(T.ZServerEventRequestSchema)
  .output(T.ZEventAccepted)
  .mutation(({ ctx, input }) =>
    ingestServerEvent({
      key: ctx.apiKey,
      projectId: input.project_id,
      externalUserId: input.external_user_id,
      type: input.type,
      payload: input.payload,
      sessionId: input.session_id,
      idempotencyKey: idempotencyKey(ctx.header("idempotency-key")),
    }),
  );

export const businessEventRoute = serverKeyProcedure
  .meta(T.businessEventMeta)
  .input(T.ZBusinessEventRequestSchema)
  .output(T.ZEventAccepted)
  .mutation(({ ctx, input }) => {
    const key = idempotencyKey(ctx.header("idempotency-key"));
    if (!key) throw new AppError("validation_error", "Idempotency-Key header is required");
    return ingestBusinessEvent({ key: ctx.apiKey, projectId: input.project_id, externalUserId: input.external_user_id, type: input.type, payload: input.payload, idempotencyKey: key });
  });

// The legacy `session_token` query fallback means this route resolves its own credential.
export const progressRoute = publicProcedure
  .meta(T.progressMeta)
  .input(T.ZProgressRequestSchema)
  .output(T.ZProgressResponseSchema)
  .query(async ({ ctx, input }) => {
    const player = await optionalPlayer(bearerToken(ctx), input.session_token);
    if (!player) throw new AppError("unauthorized", "Player session token required");
    return progressState({ player });
  });
