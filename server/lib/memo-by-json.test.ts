import { describe, expect, it } from "vitest";
import { memoByJson } from "./memo-by-json";

describe("memoByJson", () => {
  it("computes once per JSON value, forgets the oldest past its bound, and never remembers a throw", () => {
    let calls = 0;
    const parse = memoByJson((raw: { n: number } | undefined) => {
      calls++;
      if (raw?.n === 13) throw new Error("bad");
      return { double: (raw?.n ?? 0) * 2 };
    }, 2);
    const one = parse({ n: 1 });
    expect(parse({ n: 1 })).toBe(one);
    expect(parse(undefined)).toEqual({ double: 0 });
    expect(calls).toBe(2);
    parse({ n: 2 }); // the bound: { n: 1 } goes
    expect(parse({ n: 1 })).not.toBe(one);
    expect(calls).toBe(4);
    for (let i = 0; i < 2; i++) expect(() => parse({ n: 13 })).toThrow("bad");
    expect(calls).toBe(6);
  });
});
