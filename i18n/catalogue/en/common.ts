import type { TSourceMessage } from "./types";

/** Words shared across the play shell's screens, and the small pieces of it that are not a screen (the sound switch, the wallet). */
export const COMMON = {
  "common.list_separator": { message: " · ", note: "Between independent items of a list on one line (e.g. the level's limits: \"20 moves · 8×8 board\"), spaces included; about 3 characters." },
  "common.sign_in_to_earn": { message: "Sign in on this site to earn rewards when you win.", note: "Lobby, a small note under the game's title for a visitor who is not signed in on a site that gives rewards (unless the site set its own words); two lines, about 55 characters." },
  "common.sound.on": { message: "Sound on", note: "Sound switch (a speaker icon button in the headers): its spoken name while sound is on; not shown." },
  "common.sound.off": { message: "Sound off", note: "Sound switch (a speaker icon button in the headers): its spoken name while sound is off; not shown." },
  "common.sound.on_hint": { message: "Sound on: tap to mute", note: "Sound switch: tooltip (title) while sound is on; a tooltip, about 30 characters." },
  "common.sound.off_hint": { message: "Sound off: tap to turn on", note: "Sound switch: tooltip (title) while sound is off; a tooltip, about 30 characters." },
  "common.wallet_label": { message: "Your balance", note: "Wallet (the chips with the player's tickets, coins… in the lobby and above a game): its spoken name (aria-label); not shown." },
} satisfies Record<string, TSourceMessage>;
