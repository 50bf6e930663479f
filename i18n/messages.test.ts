import { describe, expect, it } from "vitest";
import { argumentsOf, compileMessage, MessageError, pluralsOf, pseudoCatalogue } from "./compile";
import { formatMessage, translator } from "./messages";

const say = (text: string, values: Record<string, string | number>, lang: string) => formatMessage(compileMessage(text), values, lang);

describe("saying a message", () => {
  const tickets = "{count, plural, one {# ticket} other {# tickets}}";

  it("agrees a count with its noun by the language's own plural categories", () => {
    expect(say(tickets, { count: 1 }, "en")).toBe("1 ticket");
    expect(say(tickets, { count: 1200 }, "en")).toBe("1,200 tickets");
    expect(say(tickets, { count: 1200 }, "de")).toBe("1.200 tickets");
    const ar = "{count, plural, zero {لا تذاكر} one {تذكرة واحدة} two {تذكرتان} few {# تذاكر} many {# تذكرة} other {# تذكرة}}";
    expect(say(ar, { count: 0 }, "ar")).toBe("لا تذاكر");
    expect(say(ar, { count: 2 }, "ar")).toBe("تذكرتان");
    expect(say(ar, { count: 3 }, "ar")).toMatch(/تذاكر$/);
    expect(say("{count, plural, other {# 枚}}", { count: 3 }, "ja")).toBe("3 枚");
  });

  it("prefers an exact match, fills names and selects", () => {
    expect(say("{n, plural, =0 {none left} one {# left} other {# left}}", { n: 0 }, "en")).toBe("none left");
    expect(say("Buy {name} for {price}?", { name: "Shuffle", price: 5 }, "en")).toBe("Buy Shuffle for 5?");
    expect(say("{who, select, site {the site} other {us}}", { who: "site" }, "en")).toBe("the site");
  });

  it("refuses forms the shell does not say, and bad syntax", () => {
    expect(() => compileMessage("{d, date, short}")).toThrow(MessageError);
    expect(() => compileMessage("{n, number, percent}")).toThrow(MessageError);
    expect(() => compileMessage("{n, plural, one {#}}")).toThrow(MessageError); // no other
    expect(() => compileMessage("Hello {name")).toThrow(MessageError);
  });

  it("lists a message's arguments and plural categories for the catalogue check", () => {
    const m = compileMessage("{name}: {count, plural, =0 {none} one {# left} other {# left}}");
    expect(argumentsOf(m)).toEqual(["count", "name"]);
    expect(pluralsOf(m)).toEqual([{ variable: "count", categories: ["one", "other"] }]);
  });

  it("falls back to the source language, then the key", () => {
    const t = translator("de", { a: "A auf Deutsch" }, { a: "A", b: "B" });
    expect([t("a"), t("b"), t("c")]).toEqual(["A auf Deutsch", "B", "c"]);
  });

  it("makes a pseudo-locale: marked, accented, 40 % longer, values untouched", () => {
    const pseudo = pseudoCatalogue({ k: compileMessage("Level {n} complete") });
    const text = formatMessage(pseudo.k!, { n: 12 }, "en-XA");
    expect(text.startsWith("⟦") && text.endsWith("⟧")).toBe(true);
    expect(text).toContain("12");
    expect(text).toMatch(/Ļéṽéļ/);
    expect(text.length).toBeGreaterThanOrEqual(Math.round("Level 12 complete".length * 1.3));
  });
});
