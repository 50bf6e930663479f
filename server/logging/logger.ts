import { pino, type Logger } from "pino";
import { config } from "@/server/config/env";

/**
 * JSON logs. Request logs carry request_id, method, path (never the query string: legacy
 * fallbacks put session tokens there), status and duration. Headers are never logged.
 */
const LOGGER_KEY = Symbol.for("playloop.logger");
type TGlobal = typeof globalThis & { [LOGGER_KEY]?: Logger };

export function logger(): Logger {
  const g = globalThis as TGlobal;
  return (g[LOGGER_KEY] ??= pino({
    level: config().logLevel,
    base: { service: process.env.PLAYLOOP_PROCESS ?? "web" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["*.authorization", "*.cookie", "*.password", "*.token", "*.secret", "*.session_token", "*.api_key"],
      censor: "[redacted]",
    },
  }));
}
