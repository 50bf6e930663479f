/**
 * Insight — what admins read about play: analytics, the event log and its export, console search, one player's runs and progress. Top row: nothing imports it but the edges.
 *
 * The context's public entry: code outside it imports from here (tests may reach inside).
 */
export * from "./analytics/days";
export * from "./analytics/get-ab";
export * from "./analytics/get-case-study";
export * from "./analytics/get-funnel";
export * from "./analytics/get-leaderboard";
export * from "./analytics/get-overview";
export * from "./analytics/get-session-series";
export * from "./analytics/restart-experiment";
export * from "./event-log/export-events";
export * from "./event-log/list-events";
export * from "./players/player-list";
export * from "./players/player-views";
export * from "./players/run-replay";
export * from "./search/search-console";
