import { authenticateApiKey, type TApiKeyPrincipal } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { bearerToken } from "./credentials";
import type { TAuthRequest } from "./request";

/** Integrator server plane: an API key as Bearer, `X-Service-Server-Key` or legacy `X-Legacy-Server-Key`. */
export async function authenticateServerKey(req: Pick<TAuthRequest, "header">): Promise<TApiKeyPrincipal> {
  const secret = bearerToken(req) ?? req.header("x-service-server-key") ?? req.header("x-legacy-server-key");
  const key = secret ? await authenticateApiKey(secret.trim()) : null;
  if (!key) throw new AppError("unauthorized", "Valid server API key required");
  return key;
}
