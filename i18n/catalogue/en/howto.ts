import type { TSourceMessage } from "./types";

/**
 * "How to play" (client/shell/howto.ts): a card over the board the first time a player opens a
 * game: a heading, three numbered steps each beside a small picture, and a button to close it.
 */
export const HOWTO = {
  "howto.close": { message: "Got it, let's play", note: "How to play card: the button that closes it and starts the game; button, about 20 characters." },
  "howto.match3.title": { message: "How to play Gem Match", note: "How to play card heading for Gem Match (the game's name); one line, about 26 characters." },
  "howto.match3.swap": { message: "Swap two neighbouring gems to line up three or more of a colour.", note: "How to play Gem Match, step 1 (beside a picture of three red gems, one moving into line); about 70 characters, up to three short lines." },
  "howto.match3.clear": { message: "Lines clear and score; new gems fall in and can chain.", note: "How to play Gem Match, step 2 (beside three blue gems in a row and \"+30\"); about 70 characters, up to three short lines." },
  "howto.match3.goals": { message: "Reach the goals at the top before your moves run out. Moves you don't need become bonus points and stars.", note: "How to play Gem Match, step 3 (beside the moves counter showing 20); about 110 characters, up to four short lines." },
  "howto.memory.title": { message: "How to play Memory Pairs", note: "How to play card heading for Memory Pairs (the game's name); one line, about 26 characters." },
  "howto.memory.flip": { message: "Tap a card to turn it over, then tap another.", note: "How to play Memory Pairs, step 1 (beside a card face down and one face up); about 70 characters, up to three short lines." },
  "howto.memory.pair": { message: "Two cards alike stay open: a pair. Pairs in a row score more.", note: "How to play Memory Pairs, step 2 (beside two matching cards); about 70 characters, up to three short lines." },
  "howto.memory.miss": { message: "A miss turns both back: remember where they were. Mistakes and flips are limited; what you save becomes bonus points.", note: "How to play Memory Pairs, step 3 (beside two different cards and a red cross); about 120 characters, up to four short lines." },
  "howto.parcel.title": { message: "How to play Parcel Pilot", note: "How to play card heading for Parcel Pilot (the game's name); one line, about 26 characters." },
  "howto.parcel.drive": { message: "Drive the van along the roads with the arrows, arrow keys or a swipe. Buildings block the way.", note: "How to play Parcel Pilot, step 1 (beside the delivery van); about 100 characters, up to four short lines." },
  "howto.parcel.pick_up": { message: "Drive onto a parcel to pick it up. Its ribbon colour tells where it goes.", note: "How to play Parcel Pilot, step 2 (beside a parcel with a coloured ribbon); about 80 characters, up to three short lines." },
  "howto.parcel.deliver": { message: "Bring it to the house with the same colour door. Every step burns fuel; fuel left over becomes bonus points.", note: "How to play Parcel Pilot, step 3 (beside a house with a coloured door); about 110 characters, up to four short lines." },
} satisfies Record<string, TSourceMessage>;
