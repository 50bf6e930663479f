import { describe, expect, it } from "vitest";
import { drawContextGraph, withDrawing } from "./context-graph";

const mod = (source: string, ...to: string[]) => ({ source, dependencies: to.map((resolved) => ({ resolved })) });

describe("drawContextGraph", () => {
  it("draws one arrow per importing pair of contexts, counted, top rows first, leaving out tests, imports inside a context and the rest of the tree", () => {
    const drawing = drawContextGraph(
      [
        mod("server/domain/money/rewards/a.ts", "server/domain/identity/index.ts", "server/domain/money/wheel/b.ts", "server/db/tx.ts"),
        mod("server/domain/money/wheel/b.ts", "server/domain/identity/index.ts", "server/domain/trust/index.ts"),
        mod("server/domain/money/wheel/b.test.ts", "server/domain/gameplay/index.ts"),
        mod("server/domain/trust/fraud/c.ts", "server/domain/identity/index.ts"),
        mod("server/routers/x.ts", "server/domain/money/index.ts"),
      ],
      [["gameplay"], ["money"], ["trust"], ["identity"]],
    );
    expect(drawing.split("\n")).toEqual(["```mermaid", "flowchart TD", "  money -->|1| trust", "  money -->|2| identity", "  trust -->|1| identity", "```"]);
  });
});

describe("withDrawing", () => {
  const doc = "# Title\n<!-- context-graph:begin (drawn by npm run guardrails -- --update) -->\nold\n<!-- context-graph:end -->\nrest\n";

  it("replaces what stands between the markers and nothing else", () => {
    expect(withDrawing(doc, "new")).toBe("# Title\n<!-- context-graph:begin (drawn by npm run guardrails -- --update) -->\nnew\n<!-- context-graph:end -->\nrest\n");
    expect(withDrawing(withDrawing(doc, "new")!, "new")).toBe(withDrawing(doc, "new"));
  });

  it("answers null when the markers are gone", () => {
    expect(withDrawing("# Title\nno drawing\n", "new")).toBeNull();
  });
});
