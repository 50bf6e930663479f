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
    hint: "a session today (UTC)",
    definition: "distinct players with a session today (UTC, the day so far)",
  },
} as const;
