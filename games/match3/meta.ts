import type { TGameMeta } from "../types";

/** Gem Match: what names it, as data (the console and the client build read this without the engine). */
export const match3Meta = {
  id: "match3_v1",
  name: "Gem Match",
  tagline: "Swap neighbouring gems into lines of three and clear the board's goals.",
  modes: ["free_play", "rewards"],
  boosters: [
    { effect: "shuffle", label: "Shuffle the board", offer: { id: "gem_shuffle", name: "Shuffle", description: "Mix the board for new matches", price: { resource_id: "tickets", amount: 1 } } },
    { effect: "hammer", label: "Hammer one gem", offer: { id: "gem_hammer", name: "Hammer", description: "Smash one gem", price: { resource_id: "coins", amount: 50 } } },
  ],
  client: { module: "match3_v1", export: "match3Game", hero: "gems" },
  demoOrder: 1,
} as const satisfies TGameMeta;
