import type { TSourceMessage } from "./types";

/** The play shell's own words between screens (client/shell/main.ts): loading, failures, starting a game. */
export const SHELL = {
  "shell.loading": { message: "Loading…", note: "Whole widget: the only text while the play shell starts; one line, about 30 characters." },
  "shell.waiting_for_sign_in": {
    message: "Waiting for the site to sign you in…",
    note: "Whole widget: shown when the host site has not passed the player's session after a few seconds; one line, about 40 characters.",
  },
  "shell.loading_games": { message: "Loading games…", note: "Whole widget: the only text while the lobby loads; one line, about 30 characters." },
  "shell.lobby_failed": {
    message: "We couldn't load the games. Check your connection and try again.",
    note: "Whole widget: shown with a retry button when the lobby could not be loaded; two lines, about 70 characters.",
  },
  "shell.wheel_closed": {
    message: "The prize wheel is not open right now. Please come back later.",
    note: "Whole widget: shown when the site offers only its prize wheel and the wheel is switched off; two lines, about 70 characters.",
  },
  "shell.run_ended": { message: "That game has already ended.", note: "Short message at the bottom when the player tried to continue a game that is over; about 40 characters." },
  "shell.start_failed": { message: "We couldn't start the game. Please try again.", note: "Short message at the bottom when a game could not be started for an unknown reason; about 50 characters." },
  "shell.start_error.rate_limited": { message: "Easy there! Try again in a moment.", note: "Short message at the bottom when the player started games too often; about 40 characters." },
  "shell.start_error.level_locked": { message: "That level is not open yet.", note: "Short message at the bottom when the player tried to start a level not unlocked yet; about 40 characters." },
  "shell.start_error.game_updated": {
    message: "The game was just updated. Loading the new version…",
    note: "Short message at the bottom when the game changed on the server as the player started it (the lobby reloads); about 55 characters.",
  },
  "shell.start_error.game_unavailable": { message: "This game is taking a short break.", note: "Short message at the bottom when the site switched the game off for now; about 40 characters." },
} satisfies Record<string, TSourceMessage>;
