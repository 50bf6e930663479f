import { describe, expect, it } from "vitest";
import { bearerToken } from "./credentials";

/** The pattern bearerToken answers as (its fast path must never answer otherwise). */
const reference = (h: string) => /^Bearer\s+(\S+)\s*$/i.exec(h)?.[1] ?? null;
const read = (h: string | undefined) => bearerToken({ header: (name: string) => (name === "authorization" ? h : undefined) });

describe("bearerToken", () => {
  it("reads the common spelling and every other one the pattern accepts, and refuses the rest", () => {
    const token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzaG9wcGVyLTEifQ.c2lnbmF0dXJl-_~+/=";
    expect(read(`Bearer ${token}`)).toBe(token);
    for (const h of [`bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, `Bearer\t${token}`, `Bearer ${token} `, `Bearer ${token}\n`, `Bearer\u00a0${token}`]) expect(read(h)).toBe(token);
    for (const h of ["Bearer ", "Bearer", `Bearer ${token} x`, `Bearer x\ty`, `Basic ${token}`, `Bearer${token}`, ` Bearer ${token}`, "Bearer \u2003"]) expect(read(h)).toBeNull();
    expect(read(undefined)).toBeNull();
    expect(read("")).toBeNull();
    // outside printable ASCII the pattern decides: a control character is part of `\S+`, a non-breaking space is not
    expect(read("Bearer ab\u0001c")).toBe("ab\u0001c");
    expect(read("Bearer abé")).toBe("abé");
    expect(read("Bearer ab\u00a0c")).toBeNull();
  });

  it("answers as the pattern does for any header made of tokens' characters, spaces and the odd ones", () => {
    const alphabet = ["a", "Z", "0", ".", "-", "_", "~", " ", "\t", "\n", "\u000b", "\u00a0", "\u2028", "\ufeff", "\u0001", "\u007f", "é", "Bearer ", "bearer "];
    let seed = 42;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 5000; n++) {
      let h = next() < 0.7 ? "Bearer " : "";
      for (let i = Math.floor(next() * 12); i > 0; i--) h += alphabet[Math.floor(next() * alphabet.length)];
      expect(read(h), JSON.stringify(h)).toBe(reference(h));
    }
  });
});
