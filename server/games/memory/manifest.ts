import type { TGameManifest } from "../types";
import { memoryMechanic } from "./engine";
import { memoryTrack } from "./levels";

export const memoryManifest = {
  id: "memory_v1",
  name: "Memory Pairs",
  tagline: "Turn the cards two at a time and find every pair.",
  modes: ["free_play", "rewards"],
  engine: memoryMechanic,
  track: memoryTrack,
  client: { module: "memory_v1", export: "memoryGame", hero: "cards" },
  demoOrder: 2,
} as const satisfies TGameManifest;
