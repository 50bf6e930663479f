import { afterEach, describe, expect, it, vi } from "vitest";
import { createOutageLog } from "./outage";

describe("outage log", () => {
  afterEach(() => vi.useRealTimers());

  it("logs the first refused request of an outage, counts the rest, and closes it after 10 s without a failure", () => {
    vi.useFakeTimers();
    const lines: Array<[string, object, string]> = [];
    const sink = { error: (f: object, m: string) => lines.push(["error", f, m]), warn: (f: object, m: string) => lines.push(["warn", f, m]) };
    const log = createOutageLog(() => sink, () => Date.now());
    const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    for (let i = 0; i < 60; i++) {
      log.report("database", down, `r${i}`);
      vi.advanceTimersByTime(100);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual(["error", { dependency: "database", err: { message: down.message, code: "ECONNREFUSED" }, request_id: "r0" }, "database unavailable: requests answer 503 service_unavailable until it is back"]);
    vi.advanceTimersByTime(9_899); // 100 ms passed after the last failure already
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(lines).toHaveLength(2);
    expect(lines[1]![0]).toBe("warn");
    expect(lines[1]![1]).toEqual({ dependency: "database", refused: 60, seconds: 5.9 });
    expect(log.openOutages()).toEqual([]);
    // failing again later is a new outage, logged again
    log.report("database", down, "again");
    expect(lines).toHaveLength(3);
    expect(lines[2]![0]).toBe("error");
  });
});
