import { describe, expect, it } from "vitest";
import { findJsonString, jsonNestingExceeds, mapJsonStrings, MAX_JSON_DEPTH, writeJson } from "./json-walk";
import { jsonbText } from "./jsonb-size";
import { canonicalJson } from "@/server/domain/money/wheel/draft-model";

/** A value `depth` arrays deep around `inner`. */
function deep(depth: number, inner: unknown): unknown {
  let v = inner;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe("jsonNestingExceeds", () => {
  it("counts arrays and objects, not brackets inside strings or after escapes", () => {
    expect(jsonNestingExceeds("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestingExceeds("[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestingExceeds(`{"a":{"b":[1]}}`, 3)).toBe(false);
    expect(jsonNestingExceeds(`{"a":{"b":[[1]]}}`, 3)).toBe(true);
    expect(jsonNestingExceeds(JSON.stringify({ s: "[[[[[[" + '"\\' + "{{{{" }), 1)).toBe(false);
    expect(jsonNestingExceeds(Buffer.from(JSON.stringify({ s: "ü[[[" , t: [["é"]] })), 2)).toBe(true);
    expect(jsonNestingExceeds(Buffer.from(JSON.stringify({ s: "ü[[[" , t: ["é"] })), 2)).toBe(false);
  });

  it("reads a text with more openers than the limit, side by side, as shallow (string, Buffer and plain bytes)", () => {
    const wide = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ i, a: [i] })));
    expect(jsonNestingExceeds(wide, 3)).toBe(false);
    expect(jsonNestingExceeds(Buffer.from(wide), 3)).toBe(false);
    expect(jsonNestingExceeds(new TextEncoder().encode(wide), 2)).toBe(true);
    expect(jsonNestingExceeds(new TextEncoder().encode(`{"a":{"b":[[1]]}}`), 3)).toBe(true);
  });

  it("answers for a 20 000-deep bomb without parsing it", () => {
    expect(jsonNestingExceeds("[".repeat(20_000) + "]".repeat(20_000))).toBe(true);
  });
});

describe("walks without recursion", () => {
  const bottom = { "key u1": "value u1", n: 1 };
  const value = deep(100_000, bottom);

  it("writes, maps and searches a value 100 000 levels deep", () => {
    const text = jsonbText(value);
    expect(text.length).toBe(200_000 + jsonbText(bottom).length);
    expect(canonicalJson(value).startsWith("[[[")).toBe(true);
    const mapped = mapJsonStrings(value, (s) => s.replace("u1", "x"));
    expect(jsonbText(mapped)).toBe(text.replaceAll("u1", "x"));
    const found = findJsonString(value, (s) => s.includes("value"));
    expect(found?.path.length).toBe(100_001);
  });

  it("writes what the recursive forms wrote", () => {
    const v = { b: [1, "two", null, true, { z: 1, a: [] }], aa: { "é": 2, e: undefined }, c: Number.NaN };
    expect(jsonbText(v)).toBe('{"b": [1, "two", null, true, {"a": [], "z": 1}], "c": null, "aa": {"e": null, "é": 2}}');
    expect(canonicalJson(v)).toBe('{"aa":{"é":2},"b":[1,"two",null,true,{"a":[],"z":1}],"c":null}');
    expect(writeJson([], { keys: Object.keys, comma: ",", colon: ":", scalar: String })).toBe("[]");
    expect(findJsonString({ a: ["ok", { "bad\u0000": 1 }] }, (s) => s.includes("\u0000"))).toEqual({ path: ["a", "1", "bad\u0000"] });
    expect(findJsonString({ a: ["ok"] }, (s) => s.includes("\u0000"))).toBeNull();
  });
});
