import type { TSourceMessage } from "./types";

/** A refused move, said over the board for a moment (client/shell/refusal.ts). */
export const REFUSAL = {
  "refusal.out_of_bounds": { message: "That's off the board", note: "Over the board after a refused move, any game; about 30 characters." },
  "refusal.run_finished": { message: "This level is over", note: "Over the board when a move comes after the level ended; about 30 characters." },
  "refusal.impossible": { message: "That move isn't possible", note: "Over the board after a malformed move; about 30 characters." },
  "refusal.fallback": { message: "Not that way", note: "Over the board after a refused move with no more specific reason; about 30 characters." },
  "refusal.match3.no_match": { message: "No match there", note: "Gem Match: a swap that lines up no three gems of a colour; about 30 characters." },
  "refusal.match3.not_adjacent": { message: "Swap neighbouring gems", note: "Gem Match: the two gems are not side by side; about 30 characters." },
  "refusal.match3.blocked": { message: "Stone blocks can't move", note: "Gem Match: the player tried to move a stone block; about 30 characters." },
  "refusal.memory.already_open": { message: "That card is already face up", note: "Memory Pairs: the card tapped is already turned; about 30 characters." },
  "refusal.parcel.blocked": { message: "A building is in the way", note: "Parcel Pilot: the van cannot drive into a building; about 30 characters." },
  "refusal.parcel.out_of_bounds": { message: "The road ends here", note: "Parcel Pilot: the van would leave the map; about 30 characters." },
} satisfies Record<string, TSourceMessage>;
