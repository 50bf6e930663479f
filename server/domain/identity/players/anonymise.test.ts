import { describe, expect, it } from "vitest";
import { makeAnonymiser } from "./anonymise";

describe("makeAnonymiser", () => {
  const a = makeAnonymiser("player-1", "erased_h");

  it("replaces the id as a whole token, inside idempotency keys too, but not a longer id that contains it", () => {
    expect(a.inString("player-1")).toBe("erased_h");
    expect(a.inString("c0ffee:player-1:match3_v1:level:l1")).toBe("c0ffee:erased_h:match3_v1:level:l1");
    expect(a.inString("c0ffee:player-1")).toBe("c0ffee:erased_h");
    expect(a.inString("player-12")).toBe("player-12");
    expect(a.inString("xplayer-1")).toBe("xplayer-1");
  });

  it("rewrites every string of a JSON value, keys included, and leaves numbers alone", () => {
    expect(a.inJson({ external_user_id: "player-1", n: 1, list: ["a", "k:player-1"], nested: { "player-1": true } })).toEqual({
      external_user_id: "erased_h", n: 1, list: ["a", "k:erased_h"], nested: { erased_h: true },
    });
  });

  it("rewrites a JSON text only inside its string literals", () => {
    const b = makeAnonymiser("42", "erased_h");
    expect(b.inText('{"external_user_id":"42","score":42}')).toBe('{"external_user_id":"erased_h","score":42}');
    expect(b.inText("plain 42 text")).toBe("plain erased_h text");
  });
});
