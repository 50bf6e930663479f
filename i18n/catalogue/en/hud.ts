import type { TSourceMessage } from "./types";

/** The game header (client/shell/hud.ts): back, the game and level, the score, goal chips and the counters of what is left. */
export const HUD = {
  "hud.back": { message: "Back to lobby", note: "Game header: spoken name (aria-label) of the back arrow button; not shown." },
  "hud.level": { message: "Level {level}", note: "Game header, small line under the game's title; about 12 characters. {level}: the level's number." },
  "hud.score": { message: "Score", note: "Game header: small word above the score number; about 8 characters." },
  "hud.goals_label": { message: "Goals", note: "Game header: spoken name (aria-label) of the row of goal chips; not shown." },
  "hud.goal_progress": { message: "{goal}: {progress} of {target}", note: "Game header: spoken name (aria-label) of one goal chip; not shown. {goal}: the goal in words (one of goals.*, e.g. \"Collect 20 red gems\"); {progress}: how far the player is; {target}: the number to reach." },
  "hud.counter.moves": { message: "{count, plural, one {move} other {moves}}", note: "Game header counter: small word under the number of moves left (the number is shown above it, not in this message); about 8 characters. {count}: the moves left, for the word's form only." },
  "hud.counter.fuel": { message: "{count, plural, one {fuel} other {fuel}}", note: "Parcel Pilot game header counter: small word under the units of fuel left (the number is shown above it, not in this message); about 8 characters. {count}: the fuel left, for the word's form only." },
  "hud.counter.mistakes": { message: "{count, plural, one {mistake left} other {mistakes left}}", note: "Memory Pairs game header counter: small words under the number of mistakes still allowed (the number is shown above it, not in this message); about 14 characters. {count}: the mistakes left, for the words' form only." },
  "hud.counter.flips": { message: "{count, plural, one {flip left} other {flips left}}", note: "Memory Pairs game header counter: small words under the number of card flips left (the number is shown above it, not in this message); about 14 characters. {count}: the flips left, for the words' form only." },
} satisfies Record<string, TSourceMessage>;
