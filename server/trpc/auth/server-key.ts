import { authenticateApiKey, type TApiKeyPrincipal } from "@/server/domain/api-keys/api-keys";
import { AppError } from "@/server/errors/app-error";
import { baseProcedure } from "../init";
import { bearerToken } from "./credentials";

/** Integrator server plane: an API key as Bearer, `X-Service-Server-Key` or legacy `X-Legacy-Server-Key`. */
export const serverKeyProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const secret = bearerToken(ctx) ?? ctx.header("x-service-server-key") ?? ctx.header("x-legacy-server-key");
  const key: TApiKeyPrincipal | null = secret ? await authenticateApiKey(secret.trim()) : null;
  if (!key) throw new AppError("unauthorized", "Valid server API key required");
  return next({ ctx: { ...ctx, apiKey: key } });
});
