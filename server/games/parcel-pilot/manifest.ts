import type { TGameManifest } from "../types";
import { parcelPilotMechanic } from "./engine";
import { parcelPilotTrack } from "./levels";

export const parcelPilotManifest = {
  id: "parcel_pilot_v1",
  name: "Parcel Pilot",
  tagline: "Steer the van to pick up and drop off every parcel before the fuel runs out.",
  modes: ["free_play", "rewards"],
  engine: parcelPilotMechanic,
  track: parcelPilotTrack,
  client: { module: "parcel_pilot_v1", export: "parcelPilotGame", hero: "parcels" },
  demoOrder: 3,
} as const satisfies TGameManifest;
