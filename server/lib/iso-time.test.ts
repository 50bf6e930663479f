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
    const at = Date.UTC(2026, 11, 5, 8, 0, 0, 7);
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
      // 20 answers checked against toISOString above: the slots formatted nothing more.
      expect(formatted).toHaveBeenCalledTimes(20);
      // A third day takes the older slot; the newer day is still kept.
      expect(isoTime(other)).toBe("2026-12-02T08:00:00.007Z");
      expect(isoTime(later)).toBe("2026-12-06T08:00:00.007Z");
      expect(isoTime(at)).toBe("2026-12-05T08:00:00.007Z");
    } finally {
      formatted.mockRestore();
    }
  });
});
