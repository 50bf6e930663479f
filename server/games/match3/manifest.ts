import type { TGameManifest } from "../types";
import { match3Mechanic } from "./engine";
import { match3Track } from "./levels";

export const match3Manifest = {
  id: "match3_v1",
  name: "Gem Match",
  tagline: "Swap neighbouring gems into lines of three and clear the board's goals.",
  modes: ["free_play", "rewards"],
  engine: match3Mechanic,
  track: match3Track,
  client: { module: "match3_v1", export: "match3Game", hero: "gems" },
  demoOrder: 1,
} as const satisfies TGameManifest;
