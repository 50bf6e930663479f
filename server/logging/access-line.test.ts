import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createAccessLog, type TAccessFields } from "./access-line";

/** Lines written to a sink, with their `time` made equal (the two writers read the clock apart). */
function capture() {
  const lines: string[] = [];
  return { lines, sink: { write: (l: string) => void lines.push(l.replace(/"time":"[^"]+"/, '"time":"T"')) } };
}

const REQUESTS: TAccessFields[] = [
  { request_id: "0f5c6a0e-8d1d-4d5e-9f00-1a2b3c4d5e6f", method: "POST", path: "/v1/game-runs/abc/commands", status: 200, duration_ms: 1.23 },
  { request_id: "site-req-\"quoted\"\\n", method: "GET", path: "/v1/lobby", status: 429, duration_ms: 0 },
  { request_id: "r", method: undefined, path: "/d\u00e9j\u00e0/\u2028\u0001", status: 500, duration_ms: 12345.67 },
];

describe("the access log's line", () => {
  it("is the line pino writes for the same fields, byte for byte but the time", () => {
    const ours = capture();
    const theirs = capture();
    const log = createAccessLog(ours.sink, { level: "info", service: "web" });
    const reference = pino({ level: "info", base: { service: "web" }, timestamp: pino.stdTimeFunctions.isoTime }, theirs.sink);
    for (const f of REQUESTS) {
      log.info(f, "request");
      reference.info(f, "request");
    }
    expect(ours.lines).toEqual(theirs.lines);
    for (const l of ours.lines) expect(l.endsWith("}\n") && JSON.parse(l).msg === "request").toBe(true);
  });

  it("writes the time as pino's isoTime does, and keeps to the configured level", () => {
    const lines: string[] = [];
    const at = (level: string) => createAccessLog({ write: (l) => lines.push(l) }, { level, service: "worker" });
    at("info").info(REQUESTS[0]!, "request");
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, service: "worker", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    lines.length = 0;
    at("info").debug(REQUESTS[0]!, "request");
    at("warn").info(REQUESTS[0]!, "request");
    at("silent").info(REQUESTS[0]!, "request");
    expect(lines).toEqual([]);
    at("debug").debug(REQUESTS[0]!, "request");
    expect(JSON.parse(lines[0]!).level).toBe(20);
  });
});
