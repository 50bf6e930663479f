/**
 * The legacy streak template: consecutive UTC days with a play start, acknowledged by the widget
 * (`streak.ui_ack`) and confirmed by the integrator's server (`streak.server_confirm`). Pure
 * rules over a small state document kept in progress_snapshot.
 *
 * What the player's own events build (`current_streak`) is shown to the player; what rewards
 * count is the confirmed streak: consecutive days the integrator's server confirmed
 * (confirmedStreak). A player's session can send `play.session_start` as often as it likes; only
 * the server that knows the person played can make a streak worth a reward.
 */
export type TStreakState = {
  current_streak: number;
  best_streak: number;
  last_day: string | null;
  days_played: number;
  acked_day: string | null;
  confirmed_days: string[];
};

export const EMPTY_STREAK: TStreakState = { current_streak: 0, best_streak: 0, last_day: null, days_played: 0, acked_day: null, confirmed_days: [] };

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return utcDay(d);
}

export function applyStreakEvent(state: TStreakState, type: string, at: Date): TStreakState {
  const today = utcDay(at);
  switch (type) {
    case "play.session_start": {
      if (state.last_day === today) return state;
      const current = state.last_day === dayBefore(today) ? state.current_streak + 1 : 1;
      return { ...state, current_streak: current, best_streak: Math.max(state.best_streak, current), last_day: today, days_played: state.days_played + 1 };
    }
    case "streak.ui_ack":
      return { ...state, acked_day: today };
    case "streak.server_confirm":
      return state.confirmed_days.includes(today) ? state : { ...state, confirmed_days: [...state.confirmed_days, today].slice(-60) };
    default:
      return state;
  }
}

export const DEFAULT_STREAK_GOAL = "Play on 3 days in a row to build a streak";
const DEFAULT_OTHER_GOALS = ["Come back tomorrow to keep your streak going", "Open the game once a day"];

/** Defaults merged with project overrides: an empty or partial override never erases the streak goal. */
export function mergeLegacyGoals(overrides: readonly string[]): string[] {
  const cleaned = overrides.map((g) => g.trim()).filter(Boolean);
  const rest = cleaned.length > 0 ? cleaned : DEFAULT_OTHER_GOALS;
  return [DEFAULT_STREAK_GOAL, ...rest.filter((g) => g !== DEFAULT_STREAK_GOAL)];
}

/** Consecutive confirmed days ending at the latest confirmed day: the streak rewards count. */
export function confirmedStreak(state: TStreakState): number {
  const days = [...new Set(state.confirmed_days)].sort();
  if (days.length === 0) return 0;
  let n = 1;
  for (let i = days.length - 1; i > 0 && dayBefore(days[i]!) === days[i - 1]; i--) n++;
  return n;
}
