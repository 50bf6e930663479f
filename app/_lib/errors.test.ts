import { describe, expect, it } from "vitest";
import { safeNext } from "./errors";

const origin = "https://console.example";

describe("safeNext", () => {
  it("keeps a path on this console, with its query and fragment", () => {
    expect(safeNext("/projects/42/players?q=a#top", origin)).toBe("/projects/42/players?q=a#top");
    expect(safeNext("/account", origin)).toBe("/account");
  });

  it("refuses anything the browser would take to another site, and what is not a path", () => {
    for (const raw of ["//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\\evil.example", "https://evil.example/x", "evil.example", "", null, undefined]) {
      expect(safeNext(raw, origin), String(raw)).toBe("/projects");
    }
  });
});
