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

const REQUEST_LOGGER_KEY = Symbol.for("playloop.requestLogger");
type TGlobalReq = typeof globalThis & { [REQUEST_LOGGER_KEY]?: Logger };

/**
 * The access log: one line per request with fixed, safe fields (request_id, method, path
 * without query, status, duration). It skips the redaction pass, which cost more than the rest
 * of a log line; nothing else may be logged through it.
 */
export function requestLogger(): Logger {
  const g = globalThis as TGlobalReq;
  return (g[REQUEST_LOGGER_KEY] ??= pino({
    level: config().logLevel,
    base: { service: process.env.PLAYLOOP_PROCESS ?? "web" },
    timestamp: pino.stdTimeFunctions.isoTime,
  }));
}
