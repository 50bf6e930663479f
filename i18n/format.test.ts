import { describe, expect, it } from "vitest";
import { currencyExponent, formatCount, formatDay, formatDuration, formatMoney, formatNumber, formatPercent } from "./format";

describe("formatDuration", () => {
  it("rounds to the whole second before it splits, so no minute ever shows 60 seconds", () => {
    expect(formatDuration(59.5)).toBe("1 min");
    expect(formatDuration(59.4)).toBe("59 sec");
    expect(formatDuration(119.6)).toBe("2 min");
    expect(formatDuration(3599.5)).toBe("1 hr");
    for (let s = 0; s < 7300; s += 0.5) expect(formatDuration(s)).not.toMatch(/\b60 (sec|min)/);
  });

  it("says a length in its two largest units, and what it cannot measure plainly", () => {
    expect(formatDuration(45)).toBe("45 sec");
    expect(formatDuration(65)).toBe("1 min 5 sec");
    expect(formatDuration(7380)).toBe("2 hr 3 min");
    expect(formatDuration(0.2)).toBe("< 1 sec");
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(Number.NaN)).toBe("—");
  });
});

describe("formatCount", () => {
  const session = { one: "session", other: "sessions" };
  it("makes the noun agree with the number", () => {
    expect(formatCount(0, session)).toBe("0 sessions");
    expect(formatCount(1, session)).toBe("1 session");
    expect(formatCount(2, session)).toBe("2 sessions");
    expect(formatCount(1000, session)).toBe("1,000 sessions");
  });

  it("uses the language's own plural categories", () => {
    expect(formatCount(1, { one: "Sitzung", other: "Sitzungen" }, "de-DE")).toBe("1 Sitzung");
    expect(formatCount(1000, { one: "Sitzung", other: "Sitzungen" }, "de-DE")).toBe("1.000 Sitzungen");
    expect(formatCount(3, { one: "hra", few: "hry", other: "her" }, "cs-CZ")).toBe("3 hry");
  });
});

describe("numbers, rates, money and days", () => {
  it("groups thousands and keeps one decimal on rates", () => {
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatPercent(0.125)).toBe("12.5%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(null)).toBe("—");
  });

  it("converts minor units with the currency's own exponent", () => {
    expect(currencyExponent("USD")).toBe(2);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("BHD")).toBe(3);
    expect(formatMoney(490, "USD")).toBe("$4.90");
    expect(formatMoney(500, "JPY")).toBe("¥500");
    expect(formatMoney(1234, "EUR", "de-DE")).toBe("12,34\u00a0€"); // Intl puts a no-break space before the sign
  });

  it("writes a UTC day the way people do, whatever the machine's zone", () => {
    expect(formatDay("2026-11-28")).toBe("Nov 28, 2026");
    expect(formatDay(new Date("2026-11-28T23:30:00Z"))).toBe("Nov 28, 2026");
  });
});
