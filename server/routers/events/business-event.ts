import { ingestBusinessEvent } from "@/server/domain/gameplay";
import { AppError } from "@/server/errors/app-error";
import { serverKeyProcedure } from "@/server/trpc/procedures";
import { businessEventMeta, ZBusinessEventRequestSchema } from "./business-event.types";
import { idempotencyKey } from "./idempotency-key";
import { ZEventAccepted } from "./shared.types";

export const businessEventRoute = serverKeyProcedure
  .meta(businessEventMeta)
  .input(ZBusinessEventRequestSchema)
  .output(ZEventAccepted)
  .mutation(({ ctx, input }) => {
    const key = idempotencyKey(ctx.header("idempotency-key"));
    if (!key) throw new AppError("validation_error", "Idempotency-Key header is required");
    return ingestBusinessEvent({ key: ctx.apiKey, projectId: input.project_id, externalUserId: input.external_user_id, type: input.type, payload: input.payload, idempotencyKey: key });
  });
