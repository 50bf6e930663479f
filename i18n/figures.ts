/**
 * What each headline figure counts, said once: the console's labels and hints and the API
 * reference's descriptions read these, so a page, another page and the API cannot disagree about
 * what a number means. `label` names the figure, `hint` says what it counts in a few words under
 * it, `definition` is the API reference's sentence.
 */
export const FIGURES = {
  active_players_24h: {
    label: "Players mid-game",
    hint: "an unfinished game, active in the last 24 h",
    definition: "distinct players of the current game with an active, unexpired run and activity in the last 24 h (not DAU: a player whose games all finished is not counted)",
  },
  dau: {
    label: "Players today",
    hint: "a session today (UTC), anonymous players too",
    definition: "distinct players with a session today (UTC, the day so far), anonymous ones included",
  },
  /** Billing's count: not the analytics' players (a session, anonymous included, gone with an erasure). */
  monthly_active_players: {
    label: "monthly active players",
    hint: "Players with any event this month (UTC) in any of your projects — a visit counts, not only a game. Anonymous players are not counted; an erased player stays counted.",
    definition: "distinct identified players with at least one event in the calendar month (UTC) across the account's projects; anonymous players are reported apart, and a player erased during the month stays counted",
  },
} as const;
