import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { dateParam } from "./lean-query";

// node-postgres's own formatting of a parameter (what it sends when dateParam leaves a Date alone)
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as { prepareValue(v: unknown): unknown };

describe("dateParam", () => {
  it("sends a date as exactly the text the driver makes of it", () => {
    const dates = [new Date(), new Date(0), new Date("2026-12-03T18:40:00.007Z"), new Date("0001-01-01T00:00:00.000Z"), new Date("9999-12-31T23:59:59.999Z"), new Date("1969-12-31T23:59:59.999Z")];
    for (let i = 0; i < 500; i++) dates.push(new Date(Math.floor(Math.random() * 253402300799999)));
    for (const d of dates) {
      const sent = dateParam(d);
      // in a zone other than UTC the driver formats local time: the Date is left for it
      expect(sent === d || sent === prepareValue(d), d.toISOString()).toBe(true);
    }
  });

  it("leaves the driver the dates whose year toISOString would not write in four digits, and invalid ones", () => {
    for (const d of [new Date("0000-12-31T23:59:59.999Z"), new Date(253402300800000), new Date(Number.NaN)]) expect(dateParam(d)).toBe(d);
  });

  it("is UTC text with the driver's +00:00 offset in a UTC process (elsewhere the Date, for the driver)", () => {
    const d = new Date("2026-12-03T18:40:00.007Z");
    expect(dateParam(d)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone === "UTC" ? "2026-12-03T18:40:00.007+00:00" : d);
  });
});
