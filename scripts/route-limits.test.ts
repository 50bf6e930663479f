import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { drawRouteLimits, SECURITY_DOC, withRouteLimits } from "./route-limits";

describe("the route limits table in the security docs", () => {
  it("is what the routes declare (redraw with `node --import tsx scripts/route-limits.ts --update`)", () => {
    const doc = readFileSync(SECURITY_DOC, "utf8");
    expect(withRouteLimits(doc, drawRouteLimits())).toBe(doc);
  });

  it("names every limited route with its policies, windows and key", () => {
    const table = drawRouteLimits();
    expect(table).toContain("| `POST /v1/game-runs` | `runStart`: 10 / min per player | after a replay is answered (a replay gives its points back) |");
    expect(table).toContain("`wheelSpinMinute`: 6 / min per player; `wheelSpinHour`: 30 / h per player");
    expect(table).toContain("`sessionIssue`: 30 / min and 500 / day per project and address");
  });
});
