import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generateSdkSources } from "@/scripts/sdk-generate";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where two texts first differ: the line, and the text around the first differing character on each side. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split("\n");
  const b = generated.split("\n");
  const i = a.findIndex((line, n) => line !== b[n]);
  const n = i === -1 ? a.length : i;
  const x = a[n] ?? "";
  const y = b[n] ?? "";
  let col = 0;
  while (col < x.length && x[col] === y[col]) col++;
  const around = (line: string | undefined) => (line === undefined ? "<end of file>" : JSON.stringify(line.slice(Math.max(0, col - 30), col + 50)));
  return `line ${n + 1}, column ${col + 1}: committed ${around(a[n])}, generated ${around(b[n])}`;
}

/**
 * The Node SDK's generated files (sdk/node/src/generated) are committed; they must be exactly what
 * the current service generates: its OpenAPI document (every /v1 route and schema) and its error
 * table. A route, schema or error code changed without regenerating fails here.
 */
describe("the Node SDK's generated types", () => {
  it("match what the current OpenAPI document and error table give", async () => {
    const files = await generateSdkSources();
    expect(Object.keys(files).length).toBeGreaterThan(0);
    const stale: string[] = [];
    for (const [rel, expected] of Object.entries(files)) {
      let committed: string | null = null;
      try {
        committed = readFileSync(path.join(ROOT, rel), "utf8");
      } catch {
        // missing: stale too
      }
      if (committed === null) stale.push(`${rel} (missing)`);
      else if (committed !== expected) stale.push(`${rel} (${firstDifference(committed, expected)})`);
    }
    expect(stale, `The SDK's generated files are out of date with the service: ${stale.join(", ")}. Run \`npm run sdk:generate\` and commit the result.`).toEqual([]);
  }, 60_000);
});
