import type { TSourceMessage } from "./types";

/**
 * The games' names as players read them: the lobby's heading and the widget panel's title (the
 * service says them in the language the shell asks for: GET /v1/lobby `play.title`, GET
 * /v1/widget/config `game.title`).
 */
export const GAMES = {
  "games.match3_v1.title": { message: "Gem Match", note: "The match-three game's name: the lobby's big heading and the widget panel's title; about 18 characters." },
  "games.memory_v1.title": { message: "Memory Pairs", note: "The card-pairs memory game's name: the lobby's big heading and the widget panel's title; about 18 characters." },
  "games.parcel_pilot_v1.title": { message: "Parcel Pilot", note: "The delivery-van puzzle's name: the lobby's big heading and the widget panel's title; about 18 characters." },
} satisfies Record<string, TSourceMessage>;
