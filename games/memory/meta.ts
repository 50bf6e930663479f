import type { TGameMeta } from "../types";

/** Memory Pairs: what names it, as data (the console and the client build read this without the engine). */
export const memoryMeta = {
  id: "memory_v1",
  name: "Memory Pairs",
  tagline: "Turn the cards two at a time and find every pair.",
  modes: ["free_play", "rewards"],
  boosters: [
    { effect: "peek", label: "Peek at every card", offer: { id: "pairs_peek", name: "Peek", description: "See every card for a moment", price: { resource_id: "tickets", amount: 1 } } },
  ],
  client: { module: "memory_v1", export: "memoryGame", hero: "cards" },
  demoOrder: 2,
} as const satisfies TGameMeta;
