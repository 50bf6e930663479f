import { describe, expect, it } from "vitest";
import { PHASES, runPhases, timingTable } from "./test-all";

describe("npm test's phases", () => {
  it("runs every suite, the browser last", () => {
    expect(PHASES.map((p) => p.name)).toEqual([
      "type check", "guardrails", "mutation tests (deciders)", "vitest (unit, integration)", "response coverage", "fault suite", "browser (Playwright)",
    ]);
  });

  it("prints each phase's time, a failed one marked, and the total", () => {
    expect(timingTable([{ name: "vitest", ms: 146_400, ok: true }, { name: "fault suite", ms: 59_600, ok: false }])).toBe(
      ["npm test, by phase:", "  vitest       2 min 26 s", "  fault suite  1 min  0 s  FAILED", "  total        3 min 26 s"].join("\n"),
    );
  });
});

describe("runPhases", () => {
  const node = (code: string) => [process.execPath, "-e", code];

  it("stops at the first failing phase and exits with its code", () => {
    const r = runPhases([{ name: "a", cmd: node("") }, { name: "b", cmd: node("process.exit(3)") }, { name: "c", cmd: node("") }], "ignore");
    expect(r.code).toBe(3);
    expect(r.rows.map((x) => [x.name, x.ok])).toEqual([["a", true], ["b", false]]);
  });

  it("fails on a phase killed by a signal or that cannot start", () => {
    expect(runPhases([{ name: "killed", cmd: node("process.kill(process.pid, 'SIGKILL')") }], "ignore").code).toBe(1);
    expect(runPhases([{ name: "missing", cmd: ["/nonexistent/command"] }], "ignore").code).toBe(1);
  });

  it("passes when every phase passes", () => {
    expect(runPhases([{ name: "a", cmd: node("") }, { name: "b", cmd: node("") }], "ignore").code).toBe(0);
  });
});
