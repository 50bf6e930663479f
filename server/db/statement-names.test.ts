import { describe, expect, it } from "vitest";
import { MAX_PER_PREFIX, namedQuery, statementName, textFor } from "./statement-names";

describe("statementName", () => {
  it("gives one text one name, every time, and another text another name", () => {
    const a = statementName("t_same", "SELECT 1");
    expect(a).toBe("t_same_1");
    expect(statementName("t_same", `SELECT ${1}`)).toBe(a); // equal text built anew
    expect(statementName("t_same", "SELECT 2")).toBe("t_same_2");
    expect(statementName("t_other", "SELECT 1")).toBe("t_other_1");
  });

  it("stops naming new texts past the bound (they run unnamed), and keeps the names it gave", () => {
    for (let i = 0; i < MAX_PER_PREFIX; i++) expect(statementName("t_bound", `SELECT ${i}`)).toBe(`t_bound_${i + 1}`);
    expect(statementName("t_bound", "SELECT 'one too many'")).toBeUndefined();
    expect(statementName("t_bound", "SELECT 0")).toBe("t_bound_1");
    expect(namedQuery("t_bound", "SELECT 'one too many'", [1])).toEqual({ text: "SELECT 'one too many'", values: [1] });
    expect(namedQuery("t_bound", "SELECT 3", [])).toEqual({ name: "t_bound_4", text: "SELECT 3", values: [] });
  });
});

describe("textFor", () => {
  it("makes a part's text once and answers it again, within the bound; past it, makes it every time", () => {
    const cache = new Map<string, string>();
    let made = 0;
    const make = (part: string) => (made++, `SELECT ${part} AS ok`);
    expect(textFor(cache, "true", make)).toBe("SELECT true AS ok");
    expect(textFor(cache, `tr${"ue"}`, make)).toBe("SELECT true AS ok");
    expect(made).toBe(1);
    for (let i = 0; i < MAX_PER_PREFIX * 2; i++) textFor(cache, `$${i}`, make);
    expect(cache.size).toBe(MAX_PER_PREFIX);
    const before = made;
    expect(textFor(cache, `$${MAX_PER_PREFIX + 5}`, make)).toBe(`SELECT $${MAX_PER_PREFIX + 5} AS ok`);
    expect(made).toBe(before + 1);
  });
});
