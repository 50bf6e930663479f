import { pino, type Logger } from "pino";
import type { TConfig } from "@/server/config/env";
import { hasServices, services } from "@/server/services/container";
import { createAccessLog, type TAccessLog } from "./access-line";

/**
 * JSON logs. Request logs carry request_id, method, path (never the query string: legacy
 * fallbacks put session tokens there), status and duration. Headers are never logged.
 */
/**
 * What an error may say in a log line. Drivers attach what they sent or found to their errors:
 * ioredis the command with its arguments (`command.args`: keys such as `rl:…:<project>:<player>`,
 * a published message), node-postgres the values of a violated key (`detail`: "Key (…)=(…, alice)
 * already exists"), the statement's context (`where`, `internalQuery`). Those name players and can
 * outlive an erasure in the logs, so they are dropped here, at every level of `cause`; the code,
 * message, stack, constraint and table stay.
 */
const UNLOGGED_ERROR_FIELDS = ["command", "args", "detail", "where", "internalQuery", "parameters", "query", "values"];

export function safeErr(e: unknown): Record<string, unknown> {
  const out = pino.stdSerializers.err(e as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== "object") return out;
  for (const k of UNLOGGED_ERROR_FIELDS) delete out[k];
  if (out.cause && typeof out.cause === "object") out.cause = safeErr(out.cause);
  return out;
}

/** Fields whose value is never written, at the top of a log line's object or one level down. */
const SECRET_FIELDS = ["authorization", "cookie", "password", "token", "secret", "session_token", "api_key"];

export function createLoggers(c: Pick<TConfig, "logLevel">, processName: string): { logger: Logger; accessLogger: TAccessLog } {
  const base = { service: processName };
  // One asynchronous stdout destination for both: a log line never blocks the request that wrote
  // it; lines are written in 4 KiB batches, and at least once a second (a quiet process still shows
  // its logs promptly); pino flushes what is buffered when the process exits (also on SIGINT/SIGTERM).
  // It holds lines as bytes: holding them as text, it measured the UTF-8 length of everything
  // buffered so far on every line (up to 16 KiB scanned per line; 4 % of a lobby's CPU, 2026-12-02).
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096, contentMode: "buffer" });
  const lines = { write: (line: string) => dest.write(Buffer.from(line, "utf8") as unknown as string) };
  setInterval(() => dest.flush(), 1000).unref();
  return {
    logger: pino({
      level: c.logLevel,
      base,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: safeErr },
      redact: {
        paths: [
          ...SECRET_FIELDS,
          ...SECRET_FIELDS.map((f) => `*.${f}`),
          "*.*.session_token",
          "*.*.secret",
        ],
        censor: "[redacted]",
      },
    }, lines),
    // The access log: one line per request with fixed, safe fields (request_id, method, path
    // without query, status, duration), in pino's format but built by one template (access-line.ts).
    accessLogger: createAccessLog(lines, { level: c.logLevel, service: processName }),
  };
}

// Before setupServices (a start-up failure) there is still somewhere to write.
let early: Logger | null = null;

export function logger(): Logger {
  if (hasServices()) return services().logger;
  return (early ??= pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: process.env.PLAYLOOP_PROCESS ?? "web" }, serializers: { err: safeErr } }));
}

export function requestLogger(): TAccessLog {
  return services().accessLogger;
}
