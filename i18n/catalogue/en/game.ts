import type { TSourceMessage } from "./types";

/** The game screen around the board: aiming a booster, connection and error toasts (client/shell/game-screen.ts). */
export const GAME = {
  "game.aim.prompt": { message: "Tap a tile to smash it", note: "Game screen, bar over the booster tray while the hammer booster waits for its target tile; one line next to a Cancel button, about 28 characters." },
  "game.aim.cancel": { message: "Cancel", note: "Game screen, button next to \"Tap a tile to smash it\": stops aiming the hammer booster; button, about 10 characters." },
  "game.toast.retry": { message: "Retry", note: "Game screen, button inside a connection-problem toast: sends the move again / reloads the game; button, about 10 characters." },
  "game.toast.connection_problem": { message: "Connection problem.", note: "Game screen toast (with a Retry button) when the game could not be reloaded from the server; one line, about 30 characters." },
  "game.toast.move_safe": { message: "Connection problem. Your move is safe.", note: "Game screen toast (with a Retry button) when a move could not reach the server after automatic retries; the move is kept and sent again on Retry; one or two lines, about 45 characters." },
  "game.toast.slow_down": { message: "Slow down a little…", note: "Game screen toast (with a Retry button) when the server says the player sends moves too fast; one line, about 30 characters." },
  "game.toast.booster_unusable": { message: "That booster can't be used here any more.", note: "Game screen toast when a booster the player tried to use was already used, expired or is not for this game; it leaves the tray; one or two lines, about 45 characters." },
  "game.toast.ended": { message: "This game has ended.", note: "Toast shown while returning to the lobby when the server says this game is already over (e.g. finished on another device); one line, about 30 characters." },
} satisfies Record<string, TSourceMessage>;
