import type { TSourceMessage } from "./types";

/**
 * The names of Playloop's own economy — the default resources and each game's default boosters
 * (games/<game>/meta.ts) — as players read them, while the site has not renamed them (GET
 * /v1/economy/balances answers them in the shell's language; a name the site wrote is answered as
 * written). Not part of a project's wording: a site names its resources and boosters in the
 * economy settings.
 */
export const ECONOMY = {
  "economy.resource.tickets": { message: "Tickets", note: "The name of Playloop's default ticket resource, shown mid-sentence after a number (\"You need 10 Tickets for Shuffle.\", the wheel's \"You won 10 Tickets!\", the screen-reader labels of booster buttons): a plural noun as it is written inside a sentence, about 12 characters." },
  "economy.resource.coins": { message: "Coins", note: "The name of Playloop's default coin resource, shown mid-sentence after a number (\"You need 50 Coins for Hammer.\", the wheel's \"You won 50 Coins!\", the screen-reader labels of booster buttons): a plural noun as it is written inside a sentence, about 12 characters." },
  "economy.booster.gem_shuffle.name": { message: "Shuffle", note: "Gem Match's shuffle booster: the name on its button under the board (one short word, about 9 characters at phone size: the button is narrow)." },
  "economy.booster.gem_shuffle.description": { message: "Mix the board for new matches", note: "What Gem Match's shuffle booster does, read by screen readers on its button and in the site's lists; one short sentence without a full stop (the shell adds it where the description is read inside a longer label), about 40 characters." },
  "economy.booster.gem_hammer.name": { message: "Hammer", note: "Gem Match's hammer booster (smashes one gem the player picks): the name on its button under the board (one short word, about 9 characters)." },
  "economy.booster.gem_hammer.description": { message: "Smash one gem", note: "What Gem Match's hammer booster does; one short sentence without a full stop (the shell adds it where the description is read inside a longer label), about 40 characters." },
  "economy.booster.pairs_peek.name": { message: "Peek", note: "Memory Pairs' peek booster (shows every card face up for a moment): the name on its button under the board (one short word, about 9 characters)." },
  "economy.booster.pairs_peek.description": { message: "See every card for a moment", note: "What Memory Pairs' peek booster does; one short sentence without a full stop (the shell adds it where the description is read inside a longer label), about 40 characters." },
  "economy.booster.van_fuel.name": { message: "Extra fuel", note: "Parcel Pilot's fuel booster (five more moves for the van): the name on its button under the board (about 11 characters)." },
  "economy.booster.van_fuel.description": { message: "Five more moves of fuel", note: "What Parcel Pilot's fuel booster does; one short sentence without a full stop (the shell adds it where the description is read inside a longer label), about 40 characters." },
} satisfies Record<string, TSourceMessage>;
