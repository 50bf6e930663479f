import { ingestServerEvent } from "@/server/domain/gameplay";
import { serverKeyProcedure } from "@/server/trpc/procedures";
import { idempotencyKey } from "./idempotency-key";
import { serverEventMeta, ZServerEventRequestSchema } from "./server-event.types";
import { ZEventAccepted } from "./shared.types";

export const serverEventRoute = serverKeyProcedure
  .meta(serverEventMeta)
  .input(ZServerEventRequestSchema)
  .output(ZEventAccepted)
  .mutation(({ ctx, input }) =>
    ingestServerEvent({
      key: ctx.apiKey,
      projectId: input.project_id,
      externalUserId: input.external_user_id,
      type: input.type,
      payload: input.payload,
      sessionId: input.session_id,
      idempotencyKey: idempotencyKey(ctx.header("idempotency-key")),
      requestId: ctx.requestId,
    }),
  );
