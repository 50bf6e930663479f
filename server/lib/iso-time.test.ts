import { describe, expect, it, vi } from "vitest";
import { hasUtcText, isoTime, utcText } from "./iso-time";

describe("isoTime", () => {
  it("is toISOString's text, for today, for edges of days and years, and for random times in and out of years 1–9999", () => {
    const times = [Date.now(), 0, -1, 86_399_999, 86_400_000, Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2027, 0, 1), -62_135_596_800_000, 253_402_300_799_999];
    for (let i = 0; i < 2000; i++) times.push(Math.floor((Math.random() * 2 - 1) * 8.64e15));
    for (let i = 0; i < 2000; i++) times.push(Date.now() + Math.floor((Math.random() - 0.5) * 4 * 86_400_000));
    for (const t of times) expect(isoTime(t), String(t)).toBe(new Date(t).toISOString());
  });

  it("formats only whole years 1–9999 itself, and throws toISOString's error for an invalid time", () => {
    expect(hasUtcText(-62_135_596_800_000)).toBe(true);
    expect(hasUtcText(-62_135_596_800_001)).toBe(false);
    expect(hasUtcText(253_402_300_800_000)).toBe(false);
    expect(hasUtcText(Number.NaN)).toBe(false);
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
    expect(utcText(Date.UTC(2026, 11, 3, 7, 5, 9, 45))).toBe("2026-12-03T07:05:09.045");
  });

  it("keeps two days' text: a time and one a day later, alternately, format their days once", () => {
    // A hit does not move a day to the newer slot. With 2026-12-05/06 this test failed about one
    // run in three on 2026-12-06: the first test's times around today could leave 2026-12-05 in the
    // older slot, where priming `at` kept it and priming `later` then evicted it. Two other days
    // fill both slots first, so the priming below always sets them (and the days are far from today).
    isoTime(Date.UTC(2000, 0, 1));
    isoTime(Date.UTC(2000, 0, 2));
    const at = Date.UTC(2020, 0, 15, 8, 0, 0, 7);
    const later = at + 24 * 3_600_000;
    const other = at - 3 * 24 * 3_600_000;
    isoTime(at);
    isoTime(later);
    const formatted = vi.spyOn(Date.prototype, "toISOString");
    try {
      for (let i = 0; i < 10; i++) {
        expect(isoTime(at + i)).toBe(new Date(at + i).toISOString());
        expect(isoTime(later + i)).toBe(new Date(later + i).toISOString());
      }
      // The slots formatted no day again: isoTime formats a day as its midnight. (What was
      // formatted, not how many calls: the spy is global to the process.)
      const days = formatted.mock.contexts.filter((d) => (d as Date).getTime() % 86_400_000 === 0);
      expect(days).toEqual([]);
      // A third day takes the older slot; the newer day is still kept.
      expect(isoTime(other)).toBe("2020-01-12T08:00:00.007Z");
      expect(isoTime(later)).toBe("2020-01-16T08:00:00.007Z");
      expect(isoTime(at)).toBe("2020-01-15T08:00:00.007Z");
    } finally {
      formatted.mockRestore();
    }
  });
});
