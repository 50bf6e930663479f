import type { TGameMeta } from "../types";

/** Parcel Pilot: what names it, as data (the console and the client build read this without the engine). */
export const parcelPilotMeta = {
  id: "parcel_pilot_v1",
  name: "Parcel Pilot",
  tagline: "Steer the van to pick up and drop off every parcel before the fuel runs out.",
  modes: ["free_play", "rewards"],
  boosters: [
    { effect: "extra_fuel", label: "Extra fuel", offer: { id: "van_fuel", name: "Extra fuel", description: "Five more moves of fuel", price: { resource_id: "coins", amount: 30 } } },
  ],
  client: { module: "parcel_pilot_v1", export: "parcelPilotGame", hero: "parcels" },
  demoOrder: 3,
} as const satisfies TGameMeta;
