import { describe, expect, it } from "vitest";
import { applyStreakEvent, confirmedStreak, DEFAULT_STREAK_GOAL, EMPTY_STREAK, mergeLegacyGoals } from "./streak";

const day = (d: string) => new Date(`${d}T12:00:00Z`);

describe("streak", () => {
  it("counts consecutive days and resets after a gap", () => {
    let s = applyStreakEvent(EMPTY_STREAK, "play.session_start", day("2026-01-01"));
    s = applyStreakEvent(s, "play.session_start", day("2026-01-01"));
    s = applyStreakEvent(s, "play.session_start", day("2026-01-02"));
    expect(s).toMatchObject({ current_streak: 2, best_streak: 2, days_played: 2 });
    s = applyStreakEvent(s, "play.session_start", day("2026-01-05"));
    expect(s).toMatchObject({ current_streak: 1, best_streak: 2, days_played: 3 });
  });

  it("records acknowledgements and server confirmations once per day", () => {
    let s = applyStreakEvent(EMPTY_STREAK, "streak.server_confirm", day("2026-01-01"));
    s = applyStreakEvent(s, "streak.server_confirm", day("2026-01-01"));
    s = applyStreakEvent(s, "streak.ui_ack", day("2026-01-01"));
    expect(s.confirmed_days).toEqual(["2026-01-01"]);
    expect(s.acked_day).toBe("2026-01-01");
  });

  it("never erases the default streak goal", () => {
    expect(mergeLegacyGoals([])[0]).toBe(DEFAULT_STREAK_GOAL);
    expect(mergeLegacyGoals(["", "  "])[0]).toBe(DEFAULT_STREAK_GOAL);
    expect(mergeLegacyGoals(["Win a coupon"])).toEqual([DEFAULT_STREAK_GOAL, "Win a coupon"]);
    expect(mergeLegacyGoals([DEFAULT_STREAK_GOAL, "x"])).toEqual([DEFAULT_STREAK_GOAL, "x"]);
  });
});

describe("the confirmed streak (what rewards count)", () => {
  it("counts consecutive confirmed days ending at the latest, whatever the player's own starts say", () => {
    let s = EMPTY_STREAK;
    for (const d of ["2026-01-01", "2026-01-02", "2026-01-03"]) s = applyStreakEvent(s, "play.session_start", day(d));
    expect(confirmedStreak(s)).toBe(0);
    s = applyStreakEvent(s, "streak.server_confirm", day("2026-01-02"));
    s = applyStreakEvent(s, "streak.server_confirm", day("2026-01-03"));
    expect(confirmedStreak(s)).toBe(2);
    s = applyStreakEvent(s, "streak.server_confirm", day("2026-01-05")); // a day missed
    expect(confirmedStreak(s)).toBe(1);
  });
});
