import type { TPlayerSession } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { logger } from "@/server/logging/logger";
import type { TLimitGate } from "@/server/rate-limit/gate";

const TELEMETRY_MAX_BYTES = 256;
export const TELEMETRY_KINDS = ["load_error", "command_error", "asset_error", "fps_low", "handshake_timeout", "unhandled_error"] as const;

/**
 * Client telemetry: tiny, sampled (5 % on the client), limited to 3 per minute per session and
 * 300 per hour per project. Only the enum kind, the status and the build version are logged.
 */
export async function recordTelemetry(opts: { player: TPlayerSession; origin: string | null; apiOrigin: string; bodyBytes: number; kind: string; status: number; buildVersion: string; limits: TLimitGate }) {
  if (opts.bodyBytes > TELEMETRY_MAX_BYTES) throw new AppError("validation_error", `Telemetry body over ${TELEMETRY_MAX_BYTES} bytes`, { status: 413 });
  if (opts.origin !== opts.apiOrigin) throw new AppError("origin_not_allowed", "Origin must be the API origin");
  await opts.limits.enforce();
  logger().info({ telemetry: { kind: opts.kind, status: opts.status, build_version: opts.buildVersion } }, "client telemetry");
  return { accepted: true as const };
}
