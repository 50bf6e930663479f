import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERRORS_DOC, renderErrorReference } from "@/scripts/error-reference";
import { ERROR_CODES } from "@/server/errors/codes";

describe("the error reference (docs/integrate/errors.md)", () => {
  it("is what the error table and the routes give today (npm run docs:errors regenerates it)", () => {
    expect(readFileSync(ERRORS_DOC, "utf8"), "docs/integrate/errors.md is stale: run `npm run docs:errors`").toBe(renderErrorReference());
  });

  it("names every code of the table with its status", () => {
    const doc = readFileSync(ERRORS_DOC, "utf8");
    for (const [code, e] of Object.entries(ERROR_CODES)) expect(doc).toContain(`| \`${code}\` | ${e.status} |`);
  });
});
