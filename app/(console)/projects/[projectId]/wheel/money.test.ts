import { describe, expect, it } from "vitest";
import { formatMoney, formatRate, moneyInput, parseMoney } from "./money";

describe("the wheel's money in the project's currency", () => {
  it("types and reads back amounts with as many decimals as the currency has", () => {
    expect(moneyInput(5000, "USD")).toBe("50.00");
    expect(moneyInput(5000, "JPY")).toBe("5000");
    expect(moneyInput(5000, "BHD")).toBe("5.000");
    expect(moneyInput(-5, "EUR")).toBe("-0.05");
    for (const [currency, minor] of [["USD", 123456], ["JPY", 123456], ["BHD", 123456]] as const) expect(parseMoney(moneyInput(minor, currency), currency)).toBe(minor);
  });

  it("parses what an admin types into minor units, refusing more decimals than the currency has", () => {
    expect(parseMoney("50", "USD")).toBe(5000);
    expect(parseMoney("50,5", "EUR")).toBe(5050);
    expect(parseMoney("1,234.56", "USD")).toBe(123456);
    expect(parseMoney("0.001", "USD")).toBeNull();
    expect(parseMoney("5000", "JPY")).toBe(5000);
    expect(parseMoney("5,000", "JPY")).toBe(5000);
    expect(parseMoney("50.5", "JPY")).toBeNull();
    expect(parseMoney("1.250", "BHD")).toBe(1250);
    expect(parseMoney("ten", "USD")).toBeNull();
  });

  it("shows amounts with the currency, and costs under one minor unit with their digits", () => {
    expect(formatMoney(123450, "USD")).toBe("$1,234.50");
    expect(formatMoney(5000, "JPY")).toBe("¥5,000");
    expect(formatMoney(1250, "BHD")).toBe("BHD\u00a01.250");
    expect(formatMoney(0.35, "USD")).toBe("$0.0035");
    expect(formatMoney(2.35, "USD")).toBe("$0.02");
    expect(formatMoney(0, "EUR")).toBe("€0.00");
  });

  it("shows a spin rate under one a day as it is, not rounded to 0", () => {
    expect(formatRate(3 / 7)).toBe("0.43");
    expect(formatRate(12.5)).toBe("12.5");
    expect(formatRate(1)).toBe("1");
    expect(formatRate(1234.567)).toBe("1,234.57");
  });
});
